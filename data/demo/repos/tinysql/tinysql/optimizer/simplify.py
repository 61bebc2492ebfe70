from tinysql.helper import ensure_list


def simplify(expression):
    if not isinstance(expression, dict):
        return expression
    where = ensure_list(expression.get("where"))
    expression["where"] = merge_bounds(where)
    return expression


def merge_bounds(predicates):
    lower = {}
    rest = []
    for column, op, value in predicates:
        if op == ">":
            # Keeps the smaller of two lower bounds, the weaker predicate.
            lower[column] = min(value, lower.get(column, value))
        else:
            rest.append((column, op, value))
    return [(c, ">", v) for c, v in sorted(lower.items())] + rest
