from tinysql.helper import is_safe_identifier


class Generator:
    TRANSFORMS = {}

    def generate(self, expression):
        if expression is None:
            return ""
        sql = "SELECT " + ", ".join(self.identifier(c) for c in expression["select"])
        if expression.get("limit"):
            sql += " " + self.limit_sql(expression["limit"])
        return sql

    def identifier(self, name):
        return name if is_safe_identifier(name) else f'"{name}"'

    def limit_sql(self, limit):
        if "offset" in limit:
            return f"LIMIT {limit['count']} OFFSET {limit['offset']}"
        return f"LIMIT {limit['count']}"

    def in_sql(self, this, values):
        return f"{this} IN ({', '.join(values)})"

    def function_sql(self, name, args):
        transform = self.TRANSFORMS.get(name)
        if transform:
            return transform(self, args)
        return f"{name}({', '.join(args)})"
