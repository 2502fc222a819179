"""The fishing games: Main Merah and Chinese Ten (play a card, capture its partner, flip the stock)."""
