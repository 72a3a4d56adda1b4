/* Exact single-draw equity: every deal, weighted equally.
 *
 * With one draw (or no draw after the first) and no reshuffle, each player's
 * final hand is its first keep plus replacements drawn from the unknown
 * cards, and by symmetry every way of giving each player its replacements
 * (disjoint sets) is equally likely: the fillers and the burn are unknown
 * cards too, and whichever they were, the replacements are uniform over the
 * rest. So the deals to count are the tuples of disjoint sets S_p of the
 * unknown cards with |S_p| = hand size - |keep_p|.
 *
 * DIRECT walks every tuple, in any game. PAIRS, heads-up Badugi only, counts the pairs (S_A,
 * S_B) without walking them: by inclusion-exclusion over the cards they
 * share, sum over disjoint pairs = sum over T of (-1)^|T| times the sum over
 * all pairs with S_A and S_B both containing T, and for each T the pairs are
 * counted from the two lists of final ranks (sorted, or by a histogram)
 * rather than one by one. */

#include <stdlib.h>
#include <string.h>

#include "common/workers.h"
#include "drawvalue.h"
#include "equity_spot.h"
#include "showdown/showdown.h"

/* The layout both methods share. */
typedef struct {
    int players;
    scoring score;
    uint8_t keep[8][BADUGI_MAX_HAND];
    int n_keep[8];
    uint8_t unknown[52];
    int n_unknown;
} single_draw;

/* C(n, k) saturating at UINT64_MAX. */
static uint64_t mul_saturating(uint64_t a, uint64_t b)
{
    if (a != 0 && b > UINT64_MAX / a) {
        return UINT64_MAX;
    }
    return a * b;
}

/* A cursor over combinations, shared by the workers under a lock. */
typedef struct {
    badugi_lock lock;
    int size, limit_size; /* the current combination size, and the largest */
    int n;                /* combinations of n positions */
    int pick[BADUGI_MAX_HAND];
    int done;
} combination_cursor;

static void cursor_start(combination_cursor *cur, int size, int limit_size, int n)
{
    badugi_lock_init(&cur->lock);
    cur->size = size;
    cur->limit_size = limit_size;
    cur->n = n;
    for (int i = 0; i < BADUGI_MAX_HAND; i++) {
        cur->pick[i] = i;
    }
    cur->done = size > n;
}

/* Copies up to max combinations into out (each up to BADUGI_MAX_HAND positions) and their sizes
 * into sizes; returns how many (0 when every one has been handed out). */
static int cursor_take(combination_cursor *cur, int (*out)[BADUGI_MAX_HAND], int *sizes, int max)
{
    int taken = 0;
    badugi_lock_take(&cur->lock);
    while (taken < max && !cur->done) {
        memcpy(out[taken], cur->pick, sizeof cur->pick);
        sizes[taken++] = cur->size;
        if (!next_combination(cur->pick, cur->size, cur->n)) {
            cur->size++; /* on to the next size, if any */
            for (int i = 0; i < BADUGI_MAX_HAND; i++) {
                cur->pick[i] = i;
            }
            cur->done = cur->size > cur->limit_size || cur->size > cur->n;
        }
    }
    badugi_lock_give(&cur->lock);
    return taken;
}

#define BATCH 64

/* ---- DIRECT ---- */

typedef struct {
    const single_draw *spot;
    int first; /* the first player who draws; the cursor walks its replacements */
    combination_cursor *cursor;
    badugi_equity_sums sums;
} direct_job;

/* Gives player p every replacement from the cards in free_mask, then the next players. */
static void walk(const single_draw *s, int p, uint64_t free_mask, uint16_t (*rank)[2], badugi_equity_sums *sums)
{
    if (p == s->players) {
        add_showdown(&s->score, (const uint16_t(*)[2])rank, s->players, 1, sums);
        return;
    }
    int kept = s->n_keep[p], need = s->score.hand_size - kept;
    uint8_t c[BADUGI_MAX_HAND] = {0};
    for (int i = 0; i < kept; i++) {
        c[i] = s->keep[p][i];
    }
    uint8_t avail[52];
    int n = 0;
    for (int i = 0; i < s->n_unknown; i++) {
        if (free_mask >> s->unknown[i] & 1) {
            avail[n++] = s->unknown[i];
        }
    }
    if (need > n) {
        return;
    }
    int pick[BADUGI_MAX_HAND] = {0, 1, 2, 3, 4};
    do {
        uint64_t taken = 0;
        for (int i = 0; i < need; i++) {
            c[kept + i] = avail[pick[i]];
            taken |= (uint64_t)1 << avail[pick[i]];
        }
        score_hand(&s->score, c, rank[p]);
        walk(s, p + 1, free_mask & ~taken, rank, sums);
    } while (next_combination(pick, need, n));
}

static void run_direct(void *arg)
{
    direct_job *job = (direct_job *)arg;
    const single_draw *s = job->spot;
    memset(&job->sums, 0, sizeof job->sums);
    uint64_t all_unknown = 0;
    for (int i = 0; i < s->n_unknown; i++) {
        all_unknown |= (uint64_t)1 << s->unknown[i];
    }
    uint16_t rank[8][2];
    for (int p = 0; p < job->first; p++) { /* players before it stand pat */
        score_hand(&s->score, s->keep[p], rank[p]);
    }
    int p = job->first, kept = s->n_keep[p], need = s->score.hand_size - kept;
    int batch[BATCH][BADUGI_MAX_HAND], sizes[BATCH], n;
    while ((n = cursor_take(job->cursor, batch, sizes, BATCH)) > 0) {
        for (int b = 0; b < n; b++) {
            uint8_t c[BADUGI_MAX_HAND] = {0};
            uint64_t taken = 0;
            for (int i = 0; i < kept; i++) {
                c[i] = s->keep[p][i];
            }
            for (int i = 0; i < need; i++) {
                c[kept + i] = s->unknown[batch[b][i]];
                taken |= (uint64_t)1 << s->unknown[batch[b][i]];
            }
            score_hand(&s->score, c, rank[p]);
            walk(s, p + 1, all_unknown & ~taken, rank, &job->sums);
        }
    }
}

/* C(n, k) for k up to a hand (draw_choose stops at 4 cards). */
static uint64_t choose_up_to_a_hand(int n, int k)
{
    return k == 5 ? n < 5 ? 0 : draw_choose(n, 4) * (uint64_t)(n - 4) / 5 : draw_choose(n, k);
}

static int exact_direct(const single_draw *s, uint64_t max_deals, int threads, badugi_equity_sums *out)
{
    uint64_t deals = 1;
    int free_cards = s->n_unknown, first = -1;
    for (int p = 0; p < s->players; p++) {
        int need = s->score.hand_size - s->n_keep[p];
        deals = mul_saturating(deals, choose_up_to_a_hand(free_cards, need));
        free_cards -= need;
        if (need > 0 && first < 0) {
            first = p;
        }
    }
    if (deals > max_deals) {
        return BADUGI_E_TOO_MANY;
    }
    memset(out, 0, sizeof *out);
    if (first < 0) { /* nobody draws: one deal */
        uint16_t rank[8][2];
        for (int p = 0; p < s->players; p++) {
            score_hand(&s->score, s->keep[p], rank[p]);
        }
        add_showdown(&s->score, (const uint16_t(*)[2])rank, s->players, 1, out);
        return 0;
    }
    if (deals < 100000) {
        threads = 1; /* too little work to share */
    }
    direct_job *jobs = calloc((size_t)threads, sizeof(direct_job));
    if (jobs == NULL) {
        return BADUGI_E_MEMORY;
    }
    combination_cursor cursor;
    int need = s->score.hand_size - s->n_keep[first];
    cursor_start(&cursor, need, need, s->n_unknown);
    for (int i = 0; i < threads; i++) {
        jobs[i].spot = s;
        jobs[i].first = first;
        jobs[i].cursor = &cursor;
    }
    badugi_run_workers(run_direct, jobs, sizeof(direct_job), threads);
    badugi_lock_free(&cursor.lock);
    for (int i = 0; i < threads; i++) {
        add_sums(out, &jobs[i].sums);
    }
    free(jobs);
    return 0;
}

/* ---- PAIRS ---- */

typedef struct {
    const single_draw *spot;
    combination_cursor *cursor; /* over T: positions in spot->unknown */
    uint16_t *ranks[2];         /* each player's final ranks for one T */
    int64_t a_wins, ties, b_wins; /* signed sums over T */
} pairs_job;

/* The ranks of keep + T + S over every S of the free cards (need - |T| of them). */
static size_t rank_list(const uint8_t *keep, int kept, const uint32_t *t_cards, int t, const uint8_t *free_cards,
                        int n_free, uint16_t *out)
{
    int need = 4 - kept - t;
    uint32_t c[4] = {0, 0, 0, 0};
    for (int i = 0; i < kept; i++) {
        c[i] = keep[i];
    }
    for (int i = 0; i < t; i++) {
        c[kept + i] = t_cards[i];
    }
    if (need > n_free) {
        return 0;
    }
    size_t n = 0;
    int pick[4] = {0, 1, 2, 3};
    do {
        for (int i = 0; i < need; i++) {
            c[kept + t + i] = free_cards[pick[i]];
        }
        out[n++] = (uint16_t)rank_ids(c[0], c[1], c[2], c[3]);
    } while (need > 0 && next_combination(pick, need, n_free));
    return n;
}

/* Pairs of one list against the other: A's rank lower (A wins), equal, higher. */
static void count_pairs(const uint16_t *a, size_t na, const uint16_t *b, size_t nb, int64_t *a_wins,
                        int64_t *ties, int64_t *b_wins)
{
    int64_t less = 0, equal = 0;
    if ((uint64_t)na * nb <= 4096) {
        for (size_t i = 0; i < na; i++) {
            for (size_t j = 0; j < nb; j++) {
                less += a[i] < b[j];
                equal += a[i] == b[j];
            }
        }
    } else {
        /* Histograms, then one pass over the ranks from best to worst. */
        static const size_t bins = BADUGI_WORST + 1;
        uint32_t ha[BADUGI_WORST + 1], hb[BADUGI_WORST + 1];
        memset(ha, 0, sizeof ha);
        memset(hb, 0, sizeof hb);
        for (size_t i = 0; i < na; i++) {
            ha[a[i]]++;
        }
        for (size_t j = 0; j < nb; j++) {
            hb[b[j]]++;
        }
        int64_t b_at_or_better = 0;
        for (size_t r = 1; r < bins; r++) {
            b_at_or_better += hb[r];
            less += (int64_t)ha[r] * ((int64_t)nb - b_at_or_better);
            equal += (int64_t)ha[r] * hb[r];
        }
    }
    *a_wins = less;
    *ties = equal;
    *b_wins = (int64_t)(na * nb) - less - equal;
}

static void run_pairs(void *arg)
{
    pairs_job *job = (pairs_job *)arg;
    const single_draw *s = job->spot;
    int batch[BATCH][BADUGI_MAX_HAND], sizes[BATCH], n;
    while ((n = cursor_take(job->cursor, batch, sizes, BATCH)) > 0) {
        for (int b = 0; b < n; b++) {
            int t = sizes[b];
            uint32_t t_cards[4];
            uint64_t in_t = 0;
            for (int i = 0; i < t; i++) {
                t_cards[i] = s->unknown[batch[b][i]];
                in_t |= (uint64_t)1 << t_cards[i];
            }
            uint8_t free_cards[52];
            int n_free = 0;
            for (int i = 0; i < s->n_unknown; i++) {
                if (!(in_t >> s->unknown[i] & 1)) {
                    free_cards[n_free++] = s->unknown[i];
                }
            }
            size_t na = rank_list(s->keep[0], s->n_keep[0], t_cards, t, free_cards, n_free, job->ranks[0]);
            size_t nb = rank_list(s->keep[1], s->n_keep[1], t_cards, t, free_cards, n_free, job->ranks[1]);
            int64_t a_wins, ties, b_wins;
            count_pairs(job->ranks[0], na, job->ranks[1], nb, &a_wins, &ties, &b_wins);
            int64_t sign = t % 2 ? -1 : 1;
            job->a_wins += sign * a_wins;
            job->ties += sign * ties;
            job->b_wins += sign * b_wins;
        }
    }
}

static int exact_pairs(const single_draw *s, int threads, badugi_equity_sums *out)
{
    if (s->players != 2 || !s->score.badugi4) {
        return BADUGI_E_ARGUMENT;
    }
    int need_a = 4 - s->n_keep[0], need_b = 4 - s->n_keep[1];
    uint64_t deals = draw_choose(s->n_unknown, need_a) * draw_choose(s->n_unknown - need_a, need_b);
    memset(out, 0, sizeof *out);
    if (deals == 0) {
        return BADUGI_E_ARGUMENT;
    }
    if (deals < 100000) {
        threads = 1;
    }
    pairs_job *jobs = calloc((size_t)threads, sizeof(pairs_job));
    if (jobs == NULL) {
        return BADUGI_E_MEMORY;
    }
    size_t longest = (size_t)draw_choose(s->n_unknown, need_a > need_b ? need_a : need_b);
    int status = 0;
    for (int i = 0; i < threads && status == 0; i++) {
        for (int k = 0; k < 2; k++) {
            jobs[i].ranks[k] = malloc(sizeof(uint16_t) * (longest ? longest : 1));
            if (jobs[i].ranks[k] == NULL) {
                status = BADUGI_E_MEMORY;
            }
        }
    }
    if (status == 0) {
        combination_cursor cursor;
        cursor_start(&cursor, 0, need_a < need_b ? need_a : need_b, s->n_unknown);
        for (int i = 0; i < threads; i++) {
            jobs[i].spot = s;
            jobs[i].cursor = &cursor;
        }
        badugi_run_workers(run_pairs, jobs, sizeof(pairs_job), threads);
        badugi_lock_free(&cursor.lock);
        int64_t a_wins = 0, ties = 0, b_wins = 0;
        for (int i = 0; i < threads; i++) {
            a_wins += jobs[i].a_wins;
            ties += jobs[i].ties;
            b_wins += jobs[i].b_wins;
        }
        if (a_wins < 0 || ties < 0 || b_wins < 0 || (uint64_t)(a_wins + ties + b_wins) != deals) {
            status = BADUGI_E_ARGUMENT; /* cannot happen: the counts must add up */
        } else {
            const uint64_t whole = BADUGI_SHARE_UNIT, half = BADUGI_SHARE_UNIT / 2;
            out->deals = deals;
            out->win[0] = (uint64_t)a_wins;
            out->win[1] = (uint64_t)b_wins;
            out->tie[0] = out->tie[1] = (uint64_t)ties;
            out->share[0] = whole * (uint64_t)a_wins + half * (uint64_t)ties;
            out->share[1] = whole * (uint64_t)b_wins + half * (uint64_t)ties;
            out->share_sq[0] = whole * whole * (uint64_t)a_wins + half * half * (uint64_t)ties;
            out->share_sq[1] = whole * whole * (uint64_t)b_wins + half * half * (uint64_t)ties;
        }
    }
    for (int i = 0; i < threads; i++) {
        free(jobs[i].ranks[0]);
        free(jobs[i].ranks[1]);
    }
    free(jobs);
    return status;
}

/* ---- entry point ---- */

int badugi_equity_exact(const badugi_spot *spot, int method, uint64_t max_deals, int threads,
                        badugi_equity_sums *out)
{
    if (out == NULL) {
        return BADUGI_E_NULL;
    }
    prepared_spot p;
    int status = prepare_spot(spot, &p);
    if (status != 0) {
        return status;
    }
    if (method < BADUGI_EXACT_AUTO || method > BADUGI_EXACT_PAIRS || threads < 1 ||
        (p.draws >= 2 && p.later_choices) || p.first_choices || p.relabel_suits) {
        return BADUGI_E_ARGUMENT;
    }
    if (threads > BADUGI_MAX_WORKERS) {
        threads = BADUGI_MAX_WORKERS;
    }
    single_draw s;
    memset(&s, 0, sizeof s);
    s.players = p.players;
    s.score = p.score;
    memcpy(s.unknown, p.unknown, sizeof s.unknown);
    s.n_unknown = p.n_unknown;
    for (int q = 0; q < p.players; q++) {
        int keep = p.draws == 0 ? (1 << p.hand_size) - 1 : p.first_keep[q];
        for (int i = 0; i < p.hand_size; i++) {
            if (keep >> i & 1) {
                s.keep[q][s.n_keep[q]++] = p.cards[q][i];
            }
        }
    }
    /* The draw must come out of the stub: the burn and the replacements,
     * with the last card left, after the unknown places were dealt. */
    if (p.draws > 0 && p.first_draw_cards > 0 && p.first_draw_cards + 2 > p.n_unknown - p.fillers) {
        return BADUGI_E_RESHUFFLE;
    }
    if (method == BADUGI_EXACT_AUTO) {
        method = p.players == 2 && p.score.badugi4 ? BADUGI_EXACT_PAIRS : BADUGI_EXACT_DIRECT;
    }
    return method == BADUGI_EXACT_PAIRS ? exact_pairs(&s, threads, out) : exact_direct(&s, max_deals, threads, out);
}
