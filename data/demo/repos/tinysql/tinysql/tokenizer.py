from tinysql.helper import seq_get


class Token:
    def __init__(self, kind, text):
        self.kind = kind
        self.text = text

    def __repr__(self):
        return f"Token({self.kind}, {self.text!r})"


class Tokenizer:
    QUOTE = "'"

    def tokenize(self, sql):
        self.sql = sql
        self.pos = 0
        tokens = []
        while self.pos < len(sql):
            char = sql[self.pos]
            if char.isspace():
                self.pos += 1
            elif char == self.QUOTE:
                tokens.append(Token("STRING", self._scan_string()))
            elif char.isalnum() or char == "_":
                tokens.append(Token("WORD", self._scan_word()))
            else:
                tokens.append(Token("SYMBOL", char))
                self.pos += 1
        return tokens

    def _scan_word(self):
        start = self.pos
        while self.pos < len(self.sql) and (self.sql[self.pos].isalnum() or self.sql[self.pos] == "_"):
            self.pos += 1
        return self.sql[start:self.pos]

    def _scan_string(self):
        self.pos += 1
        text = []
        while self.pos < len(self.sql):
            char = self.sql[self.pos]
            if char == self.QUOTE:
                # A doubled quote should be an escaped quote inside the literal.
                self.pos += 1
                break
            text.append(char)
            self.pos += 1
        return "".join(text)

    def peek(self, offset=0):
        return seq_get(self.sql, self.pos + offset)
