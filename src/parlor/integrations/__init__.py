"""Research interfaces: every registered parlor game as an OpenSpiel game and a PettingZoo
environment. Both are optional extras and import nothing heavy until used:

    pip install 'parlor[openspiel]'      import parlor.integrations.openspiel
                                         pyspiel.load_game("parlor_joker", {...})
    pip install 'parlor[pettingzoo]'     from parlor.integrations.pettingzoo import env
                                         env("joker", schedule=[["1", "1"]])

Both adapters see a seat only through Rules.view (strings, tensors, resampling), so a learner
or a search gets exactly what that seat may know. `encoding` holds what they share: game
parameters <-> table options, the action table (id -> action string pattern), the view's
string and tensor encodings, and the text rendering.
"""
