class NameObject(str):
    def write_to_stream(self, stream):
        stream.write(self.encode("ascii"))


class ArrayObject(list):
    def write_to_stream(self, stream):
        stream.write(b"[")
        for item in self:
            stream.write(str(item).encode("ascii") + b" ")
        stream.write(b"]")


class TextStringObject(str):
    def write_to_stream(self, stream):
        data = self.encode("latin-1", errors="replace")
        stream.write(b"(" + data + b")")
