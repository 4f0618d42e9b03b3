"""Card Night rules layer: pure Python, no UI, no storage, no clock, no global randomness."""
