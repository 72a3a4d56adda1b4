"""How a sampled run is weighted: batches, epochs, discounting and pruning (a frozen value)."""

from __future__ import annotations

import math

from badugi._frozen import Frozen
from badugi.errors import GameSetupError

__all__ = ["Schedule"]


def _count(name: str, value: object, least: int) -> int:
    if type(value) is not int or value < least or value > 1 << 40:
        raise GameSetupError(f"{name} must be an int from {least} to 2**40, got {value!r}")
    return value


def _number(name: str, value: object, least: float, most: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not least <= value <= most:
        raise GameSetupError(f"{name} must be a number from {least} to {most}, got {value!r}")
    if not math.isfinite(value):
        raise GameSetupError(f"{name} must be finite, got {value!r}")
    return float(value)


class Schedule(Frozen):
    """The weights of a sampled run.

    Args:
        batch: iterations sampled against one strategy before their regrets are merged (the
            result depends on it, never on the threads).
        epoch: iterations between discounts, a multiple of ``batch``; 0: no discounting.
        alpha, beta, gamma: after epoch ``k``, positive regrets are multiplied by
            ``k**alpha / (k**alpha + 1)``, negative ones by ``k**beta / (k**beta + 1)``, the strategy
            sums by ``(k / (k + 1))**gamma`` (Brown and Sandholm's discounted CFR, per epoch;
            1, 1, 1 is linear CFR's weighting).
        prune_below: a traverser's action it never plays whose regret is below this (chips, so a
            negative number) is skipped ...
        prune_share: ... in this share of the traversals (0: no pruning) ...
        prune_from: ... from this iteration on.

    Raises:
        badugi.errors.GameSetupError: a value of the wrong type or out of range, named.
    """

    __slots__ = ("alpha", "batch", "beta", "epoch", "gamma", "prune_below", "prune_from", "prune_share")

    batch: int
    epoch: int
    alpha: float
    beta: float
    gamma: float
    prune_below: float
    prune_share: float
    prune_from: int

    def __init__(
        self,
        *,
        batch: int = 16,
        epoch: int = 1024,
        alpha: float = 1.5,
        beta: float = 0.5,
        gamma: float = 2.0,
        prune_below: float = -50.0,
        prune_share: float = 0.0,
        prune_from: int = 0,
    ) -> None:
        batch = _count("batch", batch, 1)
        epoch = _count("epoch", epoch, 0)
        if epoch % batch:
            raise GameSetupError(f"epoch ({epoch}) must be a multiple of batch ({batch})")
        self._set(
            batch=batch,
            epoch=epoch,
            alpha=_number("alpha", alpha, 0.0, 10.0),
            beta=_number("beta", beta, 0.0, 10.0),
            gamma=_number("gamma", gamma, 0.0, 10.0),
            prune_below=_number("prune_below", prune_below, -1e9, 0.0),
            prune_share=_number("prune_share", prune_share, 0.0, 1.0),
            prune_from=_count("prune_from", prune_from, 0),
        )

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields())
        return f"Schedule({fields})"
