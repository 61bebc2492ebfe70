// Process-wide slots on globalThis: a client, pool or cache kept once per process. Next re-evaluates modules on hot
// reload and may load a module in more than one bundle, so a module-level `let` would open a second connection; a slot
// on globalThis is shared by every copy.

/**
 * The process's global object seen as the caller's slots, every one optional (unset until first use). Name slots so
 * that they cannot collide: each caller owns its keys.
 */
export function processGlobals<Slots extends object>(): Partial<Slots> {
  return globalThis as unknown as Partial<Slots>;
}
