"""Room identity as one ordered table of named rules: which room a reply puts the player in.

Each rule reads an Observation (the parsed reply, the command, what the manager derived from both)
and a read-only MapView, and returns a Verdict or None to pass. `decide` asks them in the order of
RULES, the first verdict wins and names its rule (`decided_by`); only MapManager applies it. Rules for
replies that name a room (a header, or a description in a game without headers) and for replies that
name none share the table; each reads only its kind. The predicates are pure functions in
map_identity, map_lookalike, map_rides and map_scenes.
"""

from __future__ import annotations

from dataclasses import replace

from autofrotz.managers import map_rules_markers as markers
from autofrotz.managers import map_rules_named as named
from autofrotz.managers import map_rules_unnamed as unnamed
from autofrotz.managers.map_verdicts import ANY, HEADER, NO_HEADER, Observation, Rule, Verdict
from autofrotz.managers.map_view import MapView

# The order is the policy: the first rule with a verdict decides.
RULES: tuple[Rule, ...] = (
    Rule(named.dream, ANY),
    Rule(named.lit_placeholder, HEADER),
    Rule(named.off_ride_stop, HEADER),
    Rule(named.set_back_down, HEADER),
    Rule(named.first_room, HEADER, essential=True),  # the rules below all have a current room
    Rule(markers.marked_lookalike, HEADER),
    Rule(markers.unmarked_lookalike, HEADER),
    Rule(markers.exit_tells_namesakes, HEADER),
    Rule(markers.survey_tells_namesakes, HEADER),
    Rule(named.reworded, HEADER),
    Rule(named.bounced, HEADER),
    Rule(named.stopped, HEADER),
    Rule(named.renamed_on_revisit, HEADER),
    Rule(named.guided_back, HEADER),
    Rule(named.guide_rejoined_route, HEADER),
    Rule(named.retraced, HEADER),
    Rule(named.other_version, HEADER),
    Rule(named.fallen_onto_fixtures, HEADER),
    Rule(named.placeholder_named, HEADER),
    Rule(named.known_exit, HEADER),
    Rule(named.headerless_known_exit, HEADER),
    Rule(named.abbreviated_revisit, HEADER),
    Rule(named.carried_to_namesake, HEADER),
    Rule(named.same_room, HEADER),
    Rule(named.shortened, HEADER),
    Rule(named.open_ground, HEADER),
    Rule(named.renamed_here, HEADER),
    Rule(named.returning, HEADER),
    Rule(named.told_by_way, HEADER),
    Rule(named.kept_words, HEADER),
    Rule(named.ridden_to_namesake, HEADER),
    Rule(named.nothing_says_we_left, HEADER),
    Rule(named.told_by_fixtures, HEADER),
    Rule(named.open_way_back_there, HEADER),
    Rule(named.dead_reckoning, HEADER),
    Rule(named.sole_namesake, HEADER),
    Rule(named.renamed_over_furnishings, HEADER),
    Rule(named.new_room, HEADER, essential=True),
    Rule(unnamed.look_says_still_here, NO_HEADER),
    Rule(unnamed.got_off_in_dark, NO_HEADER),
    Rule(unnamed.dark_known_exit, NO_HEADER),
    Rule(unnamed.dark_dead_end, NO_HEADER),
    Rule(unnamed.dark_new_room, NO_HEADER),
    Rule(unnamed.dark_again, NO_HEADER),
    Rule(unnamed.look_names_the_room, NO_HEADER),
    Rule(unnamed.look_confirms_passage, NO_HEADER),
    Rule(unnamed.silent_step, NO_HEADER),
    Rule(unnamed.back_where_started, NO_HEADER),
    Rule(unnamed.led_off_speaking, NO_HEADER),
    Rule(unnamed.unread_headers_step, NO_HEADER),
    Rule(unnamed.described_step, NO_HEADER),
    Rule(unnamed.refused_exit, NO_HEADER),
    Rule(unnamed.blocked_exit, NO_HEADER),
    Rule(unnamed.ride_known_stop, NO_HEADER),
    Rule(unnamed.ride_unknown_stop, NO_HEADER),
    Rule(unnamed.fall_or_lift, NO_HEADER),
    Rule(unnamed.back_from_teleport, NO_HEADER),
    Rule(unnamed.same_spot_other_time, NO_HEADER),
    Rule(unnamed.relocated, NO_HEADER),
    Rule(unnamed.unnamed_start, NO_HEADER),
    Rule(unnamed.no_move, NO_HEADER, essential=True),
)
RULE_NAMES: tuple[str, ...] = tuple(rule.name for rule in RULES)


def check_switched_off(names: frozenset[str]) -> frozenset[str]:
    """The names, when each is a rule that may be switched off; else a ValueError naming the valid ones."""
    fallbacks = {rule.name for rule in RULES if rule.essential}
    wrong = sorted(n for n in names if n not in RULE_NAMES or n in fallbacks)
    if wrong:
        valid = ", ".join(n for n in RULE_NAMES if n not in fallbacks)
        raise ValueError(f"no rule that can be switched off: {', '.join(wrong)}; rules: {valid}")
    return names


def decide(seen: Observation, view: MapView, switched_off: frozenset[str] = frozenset()) -> Verdict:
    """The first verdict of the table, stamped with the name of the rule that gave it."""
    for rule in RULES:
        if rule.name in switched_off or not rule.applies(seen):
            continue
        verdict = rule.decide(seen, view)
        if verdict is not None:
            return replace(verdict, rule=rule.name)
    raise AssertionError("the fallback rules always decide")  # new_room and no_move
