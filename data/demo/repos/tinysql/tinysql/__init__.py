"""tinysql: parse, transform and generate SQL."""
from tinysql.tokenizer import Tokenizer
from tinysql.parser import Parser
from tinysql.generator import Generator
from tinysql.dialects.postgres import Postgres


def tokenize(sql):
    return Tokenizer().tokenize(sql)


def parse(sql, dialect=None):
    tokens = tokenize(sql)
    return Parser(dialect=dialect).parse(tokens)


def parse_one(sql, dialect=None):
    expressions = parse(sql, dialect)
    return expressions[0] if expressions else None


def transpile(sql, write=None):
    generator = Postgres.generator() if write == "postgres" else Generator()
    return [generator.generate(e) for e in parse(sql)]
