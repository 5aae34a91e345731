"""The bidding resource: the bids of the next round, said before its hand is played."""
