from tinysql.generator import Generator


def _interval_sql(generator, args):
    amount, unit = args
    return f"INTERVAL '{amount} {unit}'"


class PostgresGenerator(Generator):
    TRANSFORMS = {
        **Generator.TRANSFORMS,
        "INTERVAL": _interval_sql,
        "STRING_AGG": lambda self, args: f"STRING_AGG({', '.join(args)})",
    }


class Postgres:
    @staticmethod
    def generator():
        return PostgresGenerator()
