/* engine.Tables' C core under AddressSanitizer and UBSan
 * (tests/engine/test_tables_sanitizers.py): random configurations, good and
 * bad, then random actions, legal and not, into arrays allocated at exactly
 * their length. A bad configuration or size must be refused with a negative
 * code; an illegal action must be refused (table + 1) with nothing changed;
 * every reward row of a finished hand must sum to 0 (chips are only moved),
 * and no seat may lose more than its stack (short stacks go all in: side pots).
 * Exits non-zero on a wrong answer. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static int fail(const char *what, long round, long status)
{
    fprintf(stderr, "round %ld: %s (%ld)\n", round, what, status);
    return 1;
}

static void random_config(badugi_tables_config *c)
{
    static const int32_t halves[3][2] = {{BADUGI_SCALE_BADUGI, 0},
                                         {BADUGI_SCALE_BADUGI_ACE_HIGH, BADUGI_SCALE_LOW_27},
                                         {BADUGI_SCALE_BADUGI, BADUGI_SCALE_LOW_A5}};
    memset(c, 0, sizeof *c);
    int game = (int)(next() % 3);
    c->players = 2 + (int32_t)(next() % 7);
    c->hand_size = game ? 5 : 4;
    c->draws = (int32_t)(next() % 4);
    c->n_halves = game ? 2 : 1;
    c->halves[0] = halves[game][0];
    c->halves[1] = halves[game][1];
    c->odd_chip_half = c->n_halves - 1;
    c->burn = (int32_t)(next() % 2);
    c->cap = 1 + (int32_t)(next() % 5);
    c->blinds = (int32_t)(next() % 2);
    c->small_bet = 1 + (int64_t)(next() % 3);
    c->big_bet = 2 * c->small_bet;
    c->small_blind = c->blinds;
    c->big_blind = 2 * c->blinds;
    c->ante = c->blinds ? (int64_t)(next() % 2) : 1;
    c->full_bet_rule = (int32_t)(next() % 2);
    c->carry_stacks = (int32_t)(next() % 2);
    c->deal = (int32_t)(next() % 2);
    int short_stacks = (int)(next() % 2); /* all-ins, side pots */
    for (int s = 0; s < 8; s++) {
        c->stacks[s] = short_stacks ? 1 + (int64_t)(next() % 30) : 200;
    }
    /* A third fixed limit, a third pot limit, a third half-pot limit, with its smallest bet. */
    c->structure = (int32_t)(next() % 3);
    c->smallest_bet = c->blinds ? c->big_blind : 1 + (int64_t)(next() % 3);
    /* As engine.tables._config: a round holds at most cap full bets (in the pot limits, one a
     * smallest bet up to the deepest a seat can be) and one all-in for less a seat. */
    int64_t deepest = 0;
    for (int s = 0; s < 8; s++) {
        deepest = c->carry_stacks ? deepest + c->stacks[s] : c->stacks[s] > deepest ? c->stacks[s] : deepest;
    }
    int64_t full_bets = c->structure == BADUGI_STRUCTURE_FIXED ? c->cap : deepest / c->smallest_bet;
    c->log_capacity = (int32_t)(3 * c->players + (c->draws + 1) * ((full_bets + c->players + 1) * c->players + 2) +
                                (c->draws + 1) * (c->players * (c->hand_size + 2) + 2) + 8);
    c->threads = 1 + (int32_t)(next() % 3);
    if (next() % 8 == 0) { /* one hostile field */
        switch (next() % 7) {
        case 6: c->threads = next() % 2 ? 0 : 257; break;
        case 0: c->players = (int32_t)(next() % 20) - 5; break;
        case 1: c->hand_size = 3; break;
        case 2:
            switch (next() % 5) {
            case 0: c->structure = BADUGI_STRUCTURE_FIXED; c->cap = 0; break;
            case 1: c->full_bet_rule = 2; break;
            case 2: c->carry_stacks = -1; break;
            case 3: c->deal = next() % 2 ? 2 : -1; break;
            default:
                if (next() % 2) {
                    c->structure = next() % 2 ? 3 : -1;
                } else {
                    c->structure = BADUGI_STRUCTURE_POT;
                    c->smallest_bet = next() % 2 ? 0 : -3;
                }
                break;
            }
            break;
        case 3: c->stacks[next() % (uint64_t)(c->players > 0 ? c->players : 1)] = next() % 2 ? 0 : -5; break;
        case 4: c->halves[0] = 99; break;
        default: c->log_capacity = 0; break;
        }
    }
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 200;
    for (long round = 0; round < rounds; round++) {
        badugi_tables_config c;
        random_config(&c);
        /* A few tables, or (one round in six) more than a step's chunk of 64, so that threads share
         * a step's chunks. */
        size_t count = next() % 6 == 0 ? 65 + next() % 100 : 1 + next() % 9;
        badugi_tables *t = NULL;
        int rc = badugi_tables_new(&c, next(), count, &t);
        if (rc < 0) {
            if (t != NULL) {
                return fail("a refused configuration left tables", round, rc);
            }
            continue;
        }
        int actions = badugi_tables_actions(t), width = badugi_tables_observation_width(t);
        size_t players = (size_t)c.players;
        uint8_t *mask = malloc(count * (size_t)actions);
        int64_t *acts = malloc(count * sizeof *acts), *rewards = malloc(count * players * sizeof *rewards);
        int64_t *obs = malloc(count * (size_t)width * sizeof *obs), *again = malloc(count * (size_t)width * sizeof *obs);
        uint8_t *done = malloc(count), *fresh = malloc(count);
        int64_t *starts = malloc(count * players * sizeof *starts), chips = 0;
        for (size_t s = 0; s < players; s++) {
            chips += c.stacks[s];
        }
        if (badugi_tables_stacks(t, starts, count * players - 1, fresh, count) != BADUGI_E_ARGUMENT ||
            badugi_tables_stacks(t, starts, count * players, fresh, count + 1) != BADUGI_E_ARGUMENT ||
            badugi_tables_stacks(t, NULL, count * players, fresh, count) != BADUGI_E_NULL) {
            return fail("stacks took a wrong size or buffer", round, 0);
        }
        if (badugi_tables_legal(t, mask, count * (size_t)actions + 1) >= 0 ||
            badugi_tables_step(t, acts, count - 1, rewards, count * players, done, count) >= 0) {
            return fail("a wrong size was taken", round, 0);
        }
        size_t cells = count * (size_t)width;
        if (badugi_tables_observe(t, -1, obs, cells - 1) != BADUGI_E_ARGUMENT ||
            badugi_tables_observe(t, (int)players, obs, cells) != BADUGI_E_ARGUMENT ||
            badugi_tables_observe(t, -2, obs, cells) != BADUGI_E_ARGUMENT ||
            badugi_tables_observe(t, 0, NULL, cells) != BADUGI_E_NULL) {
            return fail("observe took a wrong size, seat or buffer", round, 0);
        }
        for (int step = 0; step < 300; step++) {
            if (badugi_tables_legal(t, mask, count * (size_t)actions) < 0) {
                return fail("legal", round, step);
            }
            for (size_t i = 0; i < count; i++) {
                int64_t a;
                do {
                    a = (int64_t)(next() % (uint64_t)actions);
                } while (!mask[i * (size_t)actions + (size_t)a]);
                acts[i] = a;
            }
            if (next() % 10 == 0) { /* one illegal action: refused, nothing changed */
                size_t bad = next() % count;
                int64_t saved = acts[bad];
                int64_t wrong[4] = {-1, actions, (int64_t)1 << 40, 3};
                acts[bad] = wrong[next() % 4];
                if (acts[bad] >= 0 && acts[bad] < actions && mask[bad * (size_t)actions + (size_t)acts[bad]]) {
                    acts[bad] = -7;
                }
                int viewer = (int)(next() % (players + 1)) - 1; /* the actor, or any seat */
                badugi_tables_observe(t, viewer, obs, count * (size_t)width);
                memset(rewards, 0, count * players * sizeof *rewards); /* step writes the ended hands' only */
            int64_t status = badugi_tables_step(t, acts, count, rewards, count * players, done, count);
                badugi_tables_observe(t, viewer, again, count * (size_t)width);
                if (status != (int64_t)bad + 1) {
                    return fail("an illegal action was taken", round, (long)status);
                }
                if (memcmp(obs, again, count * (size_t)width * sizeof *obs) != 0) {
                    return fail("a refused step changed a table", round, (long)status);
                }
                acts[bad] = saved;
            }
            /* Every hand starts with the table's chips, each seat at least the least stack. */
            if (badugi_tables_stacks(t, starts, count * players, fresh, count) != 0) {
                return fail("stacks", round, step);
            }
            for (size_t i = 0; i < count; i++) {
                int64_t held = 0;
                for (size_t s = 0; s < players; s++) {
                    held += starts[i * players + s];
                    if (starts[i * players + s] < badugi_tables_least_stack(&c) ||
                        (!c.carry_stacks && starts[i * players + s] != c.stacks[s])) {
                        return fail("a hand started from a stack it could not have", round, (long)s);
                    }
                }
                if (held != chips || fresh[i] > 1) {
                    return fail("a hand started with another table's chips", round, (long)held);
                }
            }
            memset(rewards, 0, count * players * sizeof *rewards); /* step writes the ended hands' only */
            int64_t status = badugi_tables_step(t, acts, count, rewards, count * players, done, count);
            if (status != 0) {
                return fail("a legal step was refused", round, (long)status);
            }
            for (size_t i = 0; i < count; i++) {
                int64_t sum = 0;
                for (size_t s = 0; s < players; s++) {
                    sum += rewards[i * players + s];
                    if (rewards[i * players + s] < -starts[i * players + s]) {
                        return fail("a seat lost more than its stack", round, (long)s);
                    }
                }
                if (sum != 0 || (!done[i] && rewards[i * players] != 0)) {
                    return fail("rewards that do not add up", round, (long)sum);
                }
            }
        }
        uint64_t seed;
        int32_t button;
        uint8_t deck[52];
        int64_t stacks[8], last_stacks[8], ignored[8];
        size_t size = (size_t)c.log_capacity * BADUGI_TABLES_RECORD;
        int32_t *records = malloc(size * sizeof *records);
        for (size_t i = 0; i < count; i++) {
            if (badugi_tables_last_hand(t, i, &seed, &button, deck, stacks, records, size) < 0) {
                return fail("last_hand", round, (long)i);
            }
        }
        if (badugi_tables_last_hand(t, count, &seed, &button, deck, stacks, records, size) >= 0 ||
            badugi_tables_last_hand(t, 0, &seed, &button, deck, NULL, records, size) != BADUGI_E_NULL) {
            return fail("last_hand of no table", round, 0);
        }
        /* A copy is the same state in blocks of its own; each table's actions replay into it. */
        badugi_tables *twin = NULL;
        if (badugi_tables_copy(t, &twin) != 0) {
            return fail("copy", round, 0);
        }
        size_t capacity = (size_t)c.log_capacity;
        int16_t *last = malloc(capacity * sizeof *last), *current = malloc(capacity * sizeof *current);
        int32_t *again_records = malloc(size * sizeof *again_records);
        for (size_t i = 0; i < count; i++) {
            uint64_t hand = 0, hand_again = 0;
            int n_last = badugi_tables_played(t, i, 1, &hand, last, capacity, last_stacks, players);
            int n_current = badugi_tables_played(t, i, 0, &hand_again, current, capacity, ignored, players);
            if (n_last < 0 || n_current < 0 || hand != hand_again ||
                badugi_tables_played(t, i, 0, &hand, current, capacity - 1, ignored, players) >= 0 ||
                badugi_tables_played(t, i, 0, &hand, current, capacity, ignored, players + 1) >= 0 ||
                badugi_tables_played(t, i, 2, &hand, current, capacity, ignored, players) >= 0) {
                return fail("played", round, (long)i);
            }
            if (badugi_tables_restore(twin, i, hand, hand ? last_stacks : NULL, last, (size_t)n_last, current,
                                      (size_t)n_current) != 0) {
                return fail("a table's own actions did not replay", round, (long)i);
            }
            int n = badugi_tables_last_hand(t, i, &seed, &button, deck, stacks, records, size);
            /* The history is made by a replay into records: one record short of it is refused. */
            if (n > 0 && badugi_tables_last_hand(t, i, &seed, &button, deck, ignored, records,
                                                 (size_t)n * BADUGI_TABLES_RECORD - 1) != BADUGI_E_ARGUMENT) {
                return fail("a history's records past the buffer", round, (long)i);
            }
            n = badugi_tables_last_hand(t, i, &seed, &button, deck, stacks, records, size);
            if (badugi_tables_last_hand(twin, i, &seed, &button, deck, ignored, again_records, size) != n ||
                memcmp(records, again_records, (size_t)n * BADUGI_TABLES_RECORD * sizeof *records) != 0 ||
                (n && memcmp(stacks, ignored, players * sizeof *stacks) != 0)) {
                return fail("a replayed table's last hand differs", round, (long)i);
            }
            /* The real actions from the stacks moved about (a chip, or a seat down to one short of
             * the least stack): played or refused, never from stacks a hand could not start with. */
            if (hand > 0) {
                int64_t moved[8], least = badugi_tables_least_stack(&c), seen[8] = {0}, held = 0;
                memcpy(moved, last_stacks, sizeof moved);
                size_t a = next() % players, b = (a + 1 + next() % (players - 1)) % players;
                int64_t shift = next() % 2 ? 1 : moved[a] - least + 1;
                moved[a] -= shift;
                moved[b] += shift;
                int rc = badugi_tables_restore(twin, i, hand, moved, last, (size_t)n_last, current, (size_t)n_current);
                if (rc == 0) {
                    badugi_tables_last_hand(twin, i, &seed, &button, deck, seen, again_records, size);
                    for (size_t s = 0; s < players; s++) {
                        held += seen[s];
                        if (seen[s] < least || (!c.carry_stacks && seen[s] != c.stacks[s])) {
                            return fail("a restore started a hand from a stack it could not have", round, (long)s);
                        }
                    }
                    if (held != chips) {
                        return fail("a restore made or lost chips", round, (long)held);
                    }
                } else if (rc != BADUGI_E_ARGUMENT) {
                    return fail("a moved restore gave another code", round, rc);
                }
            }
            /* Hostile replays: any bytes, any hand number, any lengths: refused or played, never
             * out of bounds; a refusal leaves the table dealing its first hand. */
            size_t n_junk = next() % (capacity + 2);
            int16_t *junk = malloc((n_junk + 1) * sizeof *junk);
            for (size_t k = 0; k < n_junk; k++) {
                junk[k] = (int16_t)(next() % 4 == 0 ? (int64_t)(next() % 70) - 20 : (int64_t)(next() % 8));
            }
            uint64_t junk_hand = next() % 3 == 0 ? next() : next() % 4;
            int64_t junk_stacks[8];
            for (size_t s = 0; s < 8; s++) { /* near the real ones, or anything */
                junk_stacks[s] = next() % 2 ? last_stacks[s] + (int64_t)(next() % 5) - 2 : (int64_t)next();
            }
            int rc = badugi_tables_restore(twin, i, junk_hand, next() % 4 ? junk_stacks : NULL, junk, n_junk / 2,
                                           junk + n_junk / 2, n_junk - n_junk / 2);
            if (rc != 0 && rc != BADUGI_E_ARGUMENT) {
                return fail("a hostile restore gave another code", round, rc);
            }
            free(junk);
        }
        int64_t off[8];
        memcpy(off, c.stacks, sizeof off);
        off[0] += 1; /* one chip more than the table holds */
        if (badugi_tables_restore(twin, count, 0, NULL, NULL, 0, NULL, 0) >= 0 ||
            badugi_tables_restore(twin, 0, 1, NULL, NULL, 0, NULL, 0) >= 0 ||
            badugi_tables_restore(twin, 0, 0, NULL, NULL, 1, NULL, 0) >= 0 ||
            badugi_tables_restore(twin, 0, 0, off, NULL, 0, NULL, 0) >= 0 || badugi_tables_copy(NULL, &twin) >= 0) {
            return fail("restore of no table, or of hand 1 with no last hand", round, 0);
        }
        free(last);
        free(current);
        free(again_records);
        badugi_tables_free(twin);
        free(records);
        free(mask);
        free(acts);
        free(rewards);
        free(obs);
        free(again);
        free(done);
        free(fresh);
        free(starts);
        badugi_tables_free(t);
    }
    puts("ok");
    return 0;
}
