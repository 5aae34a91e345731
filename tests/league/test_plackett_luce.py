"""The Plackett-Luce update on plain floats gives what openskill's PlackettLuce.rate gives, on every game's table shapes, ties and team sizes."""
from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from scorekeeper.engine.games import all_games
from scorekeeper.league.matches import sides_above
from scorekeeper.league.plackett_luce import mirrors, ordinal, rate_plain

MODEL = PlackettLuce()
TOLERANCE = 1e-9


def by_openskill(model: PlackettLuce, teams, ranks):
    rated = model.rate(
        [[model.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams], ranks=[float(rank) for rank in ranks]
    )
    return [[(rating.mu, rating.sigma) for rating in team] for team in rated]


def assert_close(ours, theirs) -> None:
    assert [len(team) for team in ours] == [len(team) for team in theirs]
    for our_team, their_team in zip(ours, theirs, strict=True):
        for (mu, sigma), (their_mu, their_sigma) in zip(our_team, their_team, strict=True):
            assert abs(mu - their_mu) <= TOLERANCE and abs(sigma - their_sigma) <= TOLERANCE


def random_skill(rng: random.Random) -> tuple[float, float]:
    """A rating a league can reach: newcomers, veterans with small sigma, strong and weak."""
    if rng.random() < 0.2:
        return (25.0, 25.0 / 3.0)
    return (rng.uniform(-5.0, 55.0), rng.uniform(0.3, 9.0))


def ranks_of(totals: list[int]) -> list[int]:
    return [above + 1 for above in sides_above(totals)]


def table_shapes() -> list[tuple[str, tuple[tuple[int, ...], ...]]]:
    """Every game's sides for every player count it allows (teams of one, two, ...)."""
    shapes = []
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    for game in all_games():
        for count in range(game.min_players, game.max_players + 1):
            shapes.append((game.id, game.table(names[:count], {}).sides))
    return shapes


@pytest.mark.parametrize(("game", "sides"), table_shapes())
def test_every_game_shape_rates_as_openskill_does(game, sides):
    rng = random.Random(f"{game}-{len(sides)}")
    for _ in range(300):
        teams = [[random_skill(rng) for _ in side] for side in sides]
        # Small totals, so that shared ranks (ties, shared places) come up often.
        totals = [rng.randint(0, 3) for _ in sides]
        ranks = ranks_of(totals)
        assert_close(rate_plain(MODEL, teams, ranks), by_openskill(MODEL, teams, ranks))


def test_random_matches_of_any_shape_rate_as_openskill_does():
    rng = random.Random(16)
    exact = 0
    for _ in range(5000):
        teams = [[random_skill(rng) for _ in range(rng.randint(1, 4))] for _ in range(rng.randint(2, 8))]
        totals = [rng.choice([rng.randint(0, 2), rng.randint(-50, 500)]) for _ in teams]
        ranks = ranks_of(totals)
        ours, theirs = rate_plain(MODEL, teams, ranks), by_openskill(MODEL, teams, ranks)
        assert_close(ours, theirs)
        exact += ours == theirs
    # The same operations in the same order: in practice the very same floats.
    assert exact == 5000


def test_a_long_league_rated_match_after_match_stays_with_openskill():
    """Ratings feed the next match: 2,000 matches in a row of 6 players, both ways."""
    rng = random.Random(2026)
    ours = {player: (MODEL.mu, MODEL.sigma) for player in range(6)}
    theirs = {player: MODEL.rating() for player in range(6)}
    for _ in range(2000):
        seated = rng.sample(range(6), rng.choice([2, 3, 4]))
        sides = [[player] for player in seated] if rng.random() < 0.5 or len(seated) != 4 else [seated[:2], seated[2:]]
        ranks = ranks_of([rng.randint(0, 3) for _ in sides])
        for side, team in zip(sides, rate_plain(MODEL, [[ours[p] for p in side] for side in sides], ranks), strict=True):
            ours.update(zip(side, team, strict=True))
        for side, team in zip(sides, MODEL.rate([[theirs[p] for p in side] for side in sides], ranks=[float(r) for r in ranks]), strict=True):
            theirs.update(zip(side, team, strict=True))
    for player, rating in theirs.items():
        assert abs(ours[player][0] - rating.mu) <= TOLERANCE and abs(ours[player][1] - rating.sigma) <= TOLERANCE
        assert abs(ordinal(ours[player]) - rating.ordinal()) <= TOLERANCE


def test_ordinal_is_openskills():
    rng = random.Random(3)
    for _ in range(1000):
        mu, sigma = random_skill(rng)
        assert ordinal((mu, sigma)) == MODEL.rating(mu=mu, sigma=sigma).ordinal()


@pytest.mark.parametrize("changed", [{"limit_sigma": True}, {"balance": True}, {"gamma": lambda *args: 0.5}])
def test_a_model_it_does_not_mirror_is_rated_by_openskill(changed):
    model = PlackettLuce(**changed)
    assert not mirrors(model)
    rng = random.Random(5)
    for _ in range(100):
        teams = [[random_skill(rng) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(2, 5))]
        ranks = ranks_of([rng.randint(0, 2) for _ in teams])
        assert rate_plain(model, teams, ranks) == by_openskill(model, teams, ranks)


def test_the_default_model_is_mirrored_and_other_parameters_are_read_from_it():
    assert mirrors(MODEL)
    # Another tau, beta or kappa is still the same algorithm: read from the model.
    model = PlackettLuce(mu=1500.0, sigma=300.0, beta=150.0, kappa=0.01, tau=4.0)
    assert mirrors(model)
    rng = random.Random(7)
    for _ in range(200):
        teams = [[(rng.uniform(1000, 2000), rng.uniform(20, 300)) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(2, 6))]
        ranks = ranks_of([rng.randint(0, 2) for _ in teams])
        ours, theirs = rate_plain(model, teams, ranks), by_openskill(model, teams, ranks)
        for our_team, their_team in zip(ours, theirs, strict=True):
            for (mu, sigma), (their_mu, their_sigma) in zip(our_team, their_team, strict=True):
                assert abs(mu - their_mu) <= 1e-9 * 1500 and abs(sigma - their_sigma) <= 1e-9 * 300
