"""KingsClub's text hand histories: fixed-limit Badugi, Badeucy and Badacey, read (no writer).

>>> from badugi.histories.kingsclub import from_kingsclub
>>> text = '''#1001: Limit Badugi - 30/60
... 2020-10-30 19:53:19
... Table 'Bronx' Seat 1 is the button
... Seat 1: Ann (500)
... Seat 2: Bo (400)
... *** 1ST BETTING ROUND ***
... Ann: posts the small blind 15
... Bo: posts the big blind 30
... Dealt to Ann: [X X X X]
... Dealt to Bo: [Ac 2d 3h 4s]
... Ann folds
... *** SUMMARY ***
... Seat 1: Ann (485) -15
... Seat 2: Bo (415) +15
... Bo wins pot (30)'''
>>> hand = from_kingsclub(text)
>>> hand.payouts  # in cents: Bo's own 30 back (uncalled), and Ann's 15
[0, 4500]
"""

from badugi.histories.kingsclub.read import (
    RECOGNISE,
    from_kingsclub,
    iter_kingsclub_records,
    kingsclub_records,
    read_kingsclub,
)

__all__ = ["RECOGNISE", "from_kingsclub", "iter_kingsclub_records", "kingsclub_records", "read_kingsclub"]
