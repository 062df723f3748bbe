"""One package per game system, each with the same shape (model, rules, catalogue, cli)."""
