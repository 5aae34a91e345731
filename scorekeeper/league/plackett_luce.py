"""openskill's Plackett-Luce update on plain (mu, sigma) floats: the same arithmetic as `PlackettLuce.rate`, without its deep copies and per-rating uuids.

openskill stays the library of record: the model's own parameters are read from the
`PlackettLuce` instance, and any model this module does not mirror step for step (another
gamma, balance, limit_sigma, fewer than two teams) is rated by openskill itself.
tests/league/test_plackett_luce.py checks that both give the same ratings (to 1e-9) on
many random matches of every shape the games have: teams of one to four, two to eight
sides, shared ranks.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

#: a player's rating as the ledgers keep it: (mu, sigma)
Skill = tuple[float, float]

#: openskill's default gamma (the one this module mirrors): sqrt(team sigma squared) / c
DEFAULT_GAMMA = PlackettLuce().gamma


def mirrors(model: PlackettLuce) -> bool:
    """Whether rate_plain computes exactly what model.rate does (ranks given, no scores or weights)."""
    return model.gamma is DEFAULT_GAMMA and not model.balance and not model.limit_sigma


def ordinal(skill: Skill) -> float:
    """openskill's ordinal with its defaults (z = 3, alpha = 1, target = 0): mu - 3 sigma."""
    mu, sigma = skill
    return mu - 3.0 * sigma


def rate_plain(model: PlackettLuce, teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """The players' new (mu, sigma) after one match, teams in the order given; lower rank is better, equal ranks tie.

    What openskill 6's PlackettLuce.rate(teams, ranks=ranks) computes, in the same order
    of operations (so the floats agree to the last bit in the tests): tau is added to each
    sigma, the teams are taken in rank order (a stable sort), and the update of Weng and
    Lin's Algorithm 4 is applied per team."""
    count = len(teams)
    if count < 2 or model.gamma is not DEFAULT_GAMMA or model.balance or model.limit_sigma:
        return _rate_by_openskill(model, teams, ranks)
    sqrt, exp = math.sqrt, math.exp
    tau_squared = model.tau * model.tau
    beta_squared = model.beta**2
    kappa = model.kappa
    order = sorted(range(count), key=ranks.__getitem__)
    sorted_ranks = [ranks[index] for index in order]
    sorted_teams = []
    team_sigma_squared = []
    team_mu = []
    collective = 0.0
    for index in order:
        team = [(mu, sqrt(sigma * sigma + tau_squared)) for mu, sigma in teams[index]]
        if len(team) == 1:
            mu_summed, sigma_squared_summed = team[0][0], team[0][1] ** 2
        else:
            # Summed by descending ordinal, as openskill sums them (two terms add up the same either way).
            mu_summed = sigma_squared_summed = 0.0
            for mu, sigma in sorted(team, key=ordinal, reverse=True) if len(team) > 2 else team:
                mu_summed += mu
                sigma_squared_summed += sigma**2
        sorted_teams.append(team)
        team_mu.append(mu_summed)
        team_sigma_squared.append(sigma_squared_summed)
        collective += sigma_squared_summed + beta_squared
    c = sqrt(collective)
    c_squared = c**2
    exponentials = [exp(mu / c) for mu in team_mu]
    # Ranks ascend now: the teams ranked at or below team q are those from the first of
    # q's rank on (summed in team order, as openskill does), and q's tie group ends where
    # its rank does. a[q] is the size of q's tie group.
    if count == 2 and sorted_ranks[0] != sorted_ranks[1]:
        # One winner, one loser: the loops below written out (their other terms add 0.0 or divide by 1).
        winner_share = exponentials[0] / (exponentials[0] + exponentials[1])
        loser_share = exponentials[1] / (exponentials[0] + exponentials[1])
        steps = ((1 - winner_share, winner_share * (1 - winner_share)), (-loser_share, loser_share * (1 - loser_share)))
        rated_pair: list[list[Skill]] = [[], []]
        for position, (omega, delta) in enumerate(steps):
            sigma_squared = team_sigma_squared[position]
            omega *= sigma_squared / c
            delta *= sigma_squared / c_squared
            delta *= sqrt(sigma_squared) / c
            rated_pair[order[position]] = [
                (mu + sigma**2 / sigma_squared * omega, sigma * sqrt(max(1 - sigma**2 / sigma_squared * delta, kappa)))
                for mu, sigma in sorted_teams[position]
            ]
        return rated_pair
    if len(set(sorted_ranks)) == count:
        group_end = list(range(1, count + 1))
        starts = list(range(count))
        a = [1] * count
    else:
        first_of: dict[int, int] = {}
        end_of: dict[int, int] = {}
        for position, rank in enumerate(sorted_ranks):
            first_of.setdefault(rank, position)
            end_of[rank] = position + 1
        starts = [first_of[rank] for rank in sorted_ranks]
        group_end = [end_of[rank] for rank in sorted_ranks]
        a = [end - start for start, end in zip(starts, group_end, strict=True)]
    sum_q = []
    for start in starts:
        summed = 0.0
        for exponential in exponentials[start:]:
            summed += exponential
        sum_q.append(summed)
    rated_sorted: list[list[Skill]] = []
    for i, team in enumerate(sorted_teams):
        omega = delta = 0.0
        exponential = exponentials[i]
        for q in range(group_end[i]):
            share = exponential / sum_q[q]
            delta += share * (1 - share) / a[q]
            if q == i:
                omega += (1 - share) / a[q]
            else:
                omega -= share / a[q]
        sigma_squared = team_sigma_squared[i]
        omega *= sigma_squared / c
        delta *= sigma_squared / c_squared
        delta *= sqrt(sigma_squared) / c
        # openskill multiplies or divides by a player weight of 1.0 here: exact either way.
        rated_sorted.append([
            (mu + sigma**2 / sigma_squared * omega, sigma * sqrt(max(1 - sigma**2 / sigma_squared * delta, kappa)))
            for mu, sigma in team
        ])
    rated: list[list[Skill]] = [[]] * count
    for position, index in enumerate(order):
        rated[index] = rated_sorted[position]
    return rated


def _rate_by_openskill(model: PlackettLuce, teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    rated = model.rate(
        [[model.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams], ranks=[float(rank) for rank in ranks]
    )
    return [[(rating.mu, rating.sigma) for rating in team] for team in rated]
