"""The registry of variants by wire name (`settings.variant`)."""
from __future__ import annotations

from .contract import CONTRACT
from .errors import BridgeError, Reason
from .floating import FLOATING
from .memory import MEMORY
from .tiger import TIGER
from .variant import Variant

VARIANTS: dict[str, Variant] = {variant.name: variant for variant in (FLOATING, CONTRACT, TIGER, MEMORY)}
DEFAULT_VARIANT = FLOATING.name


def variant_named(name: object) -> Variant:
    """The variant with wire name `name`; any other value is INVALID_SETTINGS."""
    variant = VARIANTS.get(name) if isinstance(name, str) else None
    if variant is None:
        raise BridgeError(Reason.INVALID_SETTINGS, f"Unknown variant; the variants are {', '.join(VARIANTS)}.")
    return variant
