"""Hands into buckets: k-means over what a hand's final strength may be, seeded, so a run is repeatable.

Each hand is a point: the cumulative distribution of its final strength over
the strength bins (``badugi.solver.sampled.hands``). Two hands are close when
their distributions are, bin by bin (the squared distance between cumulative
distributions, Cramér's, which like the earth mover's distance of Johanson et
al.'s distribution-aware buckets sees how far apart the mass lies, not only
whether it differs). Lloyd's iterations from a k-means++ start drawn from
``numpy.random.default_rng(seed)``. Hands with the same distribution always
share a bucket (the suit isomorphism is lossless: relabelling the suits
changes no hand's distribution), and asking for as many buckets as there are
distinct distributions gives each its own.
"""

from __future__ import annotations

from typing import Any

from badugi.solver.tree import _numpy

__all__ = ["buckets_of"]

MOST_ROUNDS = 100


def buckets_of(final: Any, count: int, seed: int) -> tuple[Any, int]:
    """Each hand's bucket (0..) from its final-strength distribution ``final`` (hands x bins).

    A single column is taken as it is (its cumulative sum is itself): a number per hand, the
    larger the weaker.

    Returns the buckets (uint32, numbered in order of the buckets' mean strength, weakest first)
    and how many there are: ``count``, or fewer if fewer hands are distinct.
    """
    np = _numpy()
    points = np.cumsum(final, axis=1)
    distinct, inverse = np.unique(np.round(points, 12), axis=0, return_inverse=True)
    inverse = inverse.ravel()
    weight = np.bincount(inverse, minlength=distinct.shape[0]).astype(np.float64)
    if count >= distinct.shape[0]:
        labels = np.arange(distinct.shape[0])
    else:
        labels = _lloyd(distinct, weight, count, np.random.default_rng(seed))
    # Number the buckets by strength (a lower cumulative curve is a stronger hand): weakest first.
    used = np.unique(labels)
    mass = np.array(
        [(distinct[labels == b] * weight[labels == b, None]).sum() / weight[labels == b].sum() for b in used]
    )
    order = used[np.argsort(-mass, kind="stable")]
    renumber = np.empty(int(labels.max()) + 1, dtype=np.int64)
    renumber[order] = np.arange(order.size)
    return renumber[labels][inverse].astype(np.uint32), int(order.size)


def _lloyd(points: Any, weight: Any, count: int, rng: Any) -> Any:
    np = _numpy()
    centers = [points[rng.choice(points.shape[0], p=weight / weight.sum())]]
    nearest = ((points - centers[0]) ** 2).sum(axis=1)
    for _ in range(1, count):
        chance = weight * nearest
        pick = (
            rng.choice(points.shape[0], p=chance / chance.sum())
            if chance.sum() > 0
            else int(np.argmax(nearest))
        )
        centers.append(points[pick])
        nearest = np.minimum(nearest, ((points - points[pick]) ** 2).sum(axis=1))
    center = np.array(centers)
    labels = np.zeros(points.shape[0], dtype=np.int64)
    norms = (points**2).sum(axis=1)
    for round_number in range(MOST_ROUNDS):
        # |p - c|^2 = |p|^2 - 2 p.c + |c|^2: a points x buckets table, never points x buckets x bins
        distance = norms[:, None] - 2.0 * points @ center.T + (center**2).sum(axis=1)[None, :]
        new = np.argmin(distance, axis=1)
        if round_number > 0 and np.array_equal(new, labels):
            break
        labels = new
        for b in range(count):
            members = labels == b
            if members.any():
                center[b] = (points[members] * weight[members, None]).sum(axis=0) / weight[members].sum()
    return labels
