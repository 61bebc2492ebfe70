from tinysql.dialects.postgres import Postgres

DIALECTS = {"postgres": Postgres}


def get_dialect(name):
    return DIALECTS.get(name)
