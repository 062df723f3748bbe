"""The shared dice engine: standard notation, digit dice, entered dice, exact odds."""
