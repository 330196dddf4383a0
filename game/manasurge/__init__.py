"""ManaSurge (rules.md section 2C): the rules core, its cards, state and events.

``RULES`` is the game's :class:`~game.core.contract.Rules`.  State layout:
``game.manasurge.state``; events: ``game.manasurge.events``; cards:
``game.manasurge.cards``.

Actions (``Action.make(kind, seat, **args)``):

=============  ==================================  =====================================
kind           args                                when
=============  ==================================  =====================================
lead           card, dir (+1 clockwise / -1)       PHASE_LEAD, a spell (MS-4.1, MS-4.4);
                                                   with 2 seats only dir=+1 is offered
play           card [, attune=True] [, hold=True]  PHASE_PLAY a valid spell (MS-5.1);
                                                   PHASE_LIGHTNING the extra play (MS-8.4);
                                                   PHASE_RECALL one of ``state.offer``
magic          card                                PHASE_PLAY, a Magic card (MS-5.4)
take_hit       -                                   PHASE_PLAY, stuck but holding Magic:
                                                   decline to play it and be hit (MS-6.1)
give           card                                PHASE_FROST, gift to the next player
siphon         index (table index of the source)   PHASE_SIPHON (Crystal Siphon)
deflect        -                                   PHASE_DEFLECT, pass the top penalty card
decline        -                                   any optional decision: no gift, no extra
                                                   play, keep the Recall cards, no deflect
=============  ==================================  =====================================

Which kinds each phase allows is declared once in ``game.manasurge.rules.MOVES``
(``RULES.moves``, checked by ``Rules.refusal``); each phase's ``Prompt.kind`` is in
``PROMPT_KIND`` (lead/play ``act``, frost ``choose_card``, siphon ``choose_target``,
lightning/recall/deflect ``respond``).

``attune`` (Resonant Bard) and ``hold`` (Echo Keeper) appear only for the
character that has the power, as separate legal actions.

No pointless decisions: a pending decision exists only when it is a real
choice.  Frost Wave asks only when the player still holds 2+ cards (MS-7.2);
Lightning only when a card can beat the one just played; Recall only when a
drawn card is valid; Siphon only with 2+ possible source cards (one is taken
automatically); Riposte only when someone else played the last spell.  A
player with no valid spell and no Magic is hit inside ``apply`` (MS-6.1), and
the end of the round, the token, refills and the next round's all-Magic
redraw (MS-4.3) all happen there too, so ``to_move`` always has a choice.

Options (``config["options"]``, rules.md 3.3): ``allow_equal`` (True),
``compare_to`` ("last" | "lead"), ``damage_counts_own_stones`` (True),
``overload_at`` (5, None disables), ``magic_only_when_stuck`` (True),
``characters`` (False: the seed calls them optional, for players who know
the game), ``target`` (None = 12, or 10 with 5-6 players).
``RULES.option_values`` lists the values a setup screen may offer.
"""

from __future__ import annotations

from game.manasurge.rules import ManaSurgeRules

RULES = ManaSurgeRules()

__all__ = ["RULES", "ManaSurgeRules"]
