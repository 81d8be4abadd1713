"""Rules as ordered tables: the row shape every table lists (`table`), the process's switches
(`switches`), every table of the program (`catalogue`) and `python main.py rules` (`cli`)."""
