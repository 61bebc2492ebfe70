from tinysql.optimizer.simplify import simplify


def optimize(expression):
    return simplify(expression)
