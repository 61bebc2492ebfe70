from tinysql.helper import ensure_list, seq_get


class ParseError(Exception):
    pass


class Parser:
    def __init__(self, dialect=None):
        self.dialect = dialect
        self.errors = []
        self.reset()

    def reset(self):
        self.index = 0
        self.tokens = []

    def parse(self, tokens):
        self.reset()
        self.tokens = ensure_list(tokens)
        expressions = []
        while self.index < len(self.tokens):
            expressions.append(self._parse_statement())
        return expressions

    def _advance(self):
        token = seq_get(self.tokens, self.index)
        self.index += 1
        return token

    def _parse_statement(self):
        token = self._advance()
        if token.text.upper() == "SELECT":
            return self._parse_select()
        self.errors.append(ParseError(f"unexpected {token.text}"))
        return None

    def _parse_select(self):
        columns = []
        while self.index < len(self.tokens) and self.tokens[self.index].text.upper() not in ("FROM", "LIMIT"):
            token = self._advance()
            if token.text != ",":
                columns.append(token.text)
        limit = self._parse_limit()
        return {"select": columns, "limit": limit}

    def _parse_limit(self):
        token = seq_get(self.tokens, self.index)
        if not token or token.text.upper() != "LIMIT":
            return None
        self._advance()
        first = self._advance().text
        if seq_get(self.tokens, self.index) and self.tokens[self.index].text == ",":
            self._advance()
            second = self._advance().text
            return {"offset": second, "count": first}
        return {"count": first}

    def _parse_types(self):
        token = self._advance()
        params = [self._advance().text]
        return {"type": token.text, "params": params}
