import hashlib


def derive_key(password, owner_entry, length=16):
    digest = hashlib.md5(password.encode("latin-1") + owner_entry)
    return digest.digest()[:length]


def rc4(key, data):
    state = list(range(256))
    j = 0
    for i in range(256):
        j = (j + state[i] + key[i % len(key)]) % 256
        state[i], state[j] = state[j], state[i]
    out = bytearray()
    i = j = 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + state[i]) % 256
        state[i], state[j] = state[j], state[i]
        out.append(byte ^ state[(state[i] + state[j]) % 256])
    return bytes(out)


def decrypt_object(obj, password):
    if not isinstance(obj, bytes):
        return obj
    return rc4(derive_key(password, b""), obj)
