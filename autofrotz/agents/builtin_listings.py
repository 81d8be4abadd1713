"""What a reply lists as words for the player: the ways out a refused move's reply names, and the
questions a text tells the player to ask (rule ask-as-the-text-says)."""

from __future__ import annotations

from autofrotz.agents.builtin_words import DETERMINERS, _words
from autofrotz.reading.told_people import ASK_TOLD
from autofrotz.reading.told_ways import COMPASS_WORDS, WAYS_OUT


def exits_listed(text: str) -> list[str]:
    """Compass directions a refused move's reply names as the ways out.

    >>> exits_listed("Your bedroom is to the east and a walk-in closet is to the south.")
    ['east', 'south']
    >>> exits_listed("You can only go north-west or down from here.")
    ['northwest', 'down']
    """
    found = [m.lower().replace("-", "").replace("stairs", "") for m in COMPASS_WORDS.findall(text)]
    return list(dict.fromkeys(found))


def ways_out_listed(text: str) -> list[str]:
    """Rule rule-out-only-a-listing: the directions of a refused move's reply only when it lists the ways out
    (two directions or more, or a ways-out phrase); one direction in passing ("only owls live up there")
    is a remark about the way refused, not the room's exits.

    >>> ways_out_listed("Let's not.  Only owls live up there.")
    []
    >>> ways_out_listed("You can only go down from here."), ways_out_listed("The exit is to the west.")
    (['down'], ['west'])
    >>> ways_out_listed("Your bedroom is to the east and a walk-in closet is to the south.")
    ['east', 'south']
    """
    found = exits_listed(text)
    return found if len(found) >= 2 or WAYS_OUT.search(text) else []


# Rule ask-as-the-text-says: a notice or a person telling the player to ask someone about something
# ("Ask the porter about 'luggage' at the desk.", "You might ask the nun about the bell."): the topic is
# what the quotes hold, else the words up to a stop word or a mark.
ASK_TOLD_RULE = "ask-as-the-text-says"
ASK_STOP = _words("for to if and or when before after in on at with that which so but because then")
ASK_NOT_PEOPLE = _words("me yourself you us anyone someone somebody anybody everyone")


def told_to_ask(text: str) -> list[str]:
    """Questions a text tells the player to ask, by the person's last and first word.

    >>> told_to_ask("A card reads: Ask Old Tom the porter about 'luggage' for help.")
    ['ask porter about luggage', 'ask old about luggage']
    >>> told_to_ask("You might ask the nun about the bell, if you dare.")
    ['ask nun about bell']
    >>> told_to_ask("Nobody will ask you about it.")
    []
    """
    found: list[str] = []
    for match in ASK_TOLD.finditer(text):
        people = [x for x in match.group(1).lower().split() if x not in DETERMINERS]
        topic_words: list[str] = []
        for word in (match.group(2) or match.group(3) or "").lower().split():
            if word in ASK_STOP:
                break
            if word not in DETERMINERS:
                topic_words.append(word)
        if not people or not topic_words or people[-1] in ASK_NOT_PEOPLE:
            continue
        topic = " ".join(topic_words)
        for person in dict.fromkeys([people[-1], people[0]]):
            if person not in ASK_NOT_PEOPLE and f"ask {person} about {topic}" not in found:
                found.append(f"ask {person} about {topic}")
    return found
