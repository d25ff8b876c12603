"""Being written: see the leads plan."""
