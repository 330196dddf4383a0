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

``attune`` (Resonant Bard) and ``hold`` (Echo Keeper) appear only for the
character that has the power, as separate legal actions.
"""

from __future__ import annotations

from game.manasurge.rules import ManaSurgeRules

RULES = ManaSurgeRules()

__all__ = ["RULES", "ManaSurgeRules"]
