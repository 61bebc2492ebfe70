import { describe, expect, it } from "vitest";
import {
  AUDIT_ARCH,
  BLOCKED_SYSCALLS,
  EPERM,
  ENOSYS,
  SECCOMP_RET_ALLOW,
  SECCOMP_RET_ERRNO,
  SECCOMP_RET_KILL_PROCESS,
  buildSeccompProgram,
  encodeSeccompProgram,
  type SyscallArch,
} from "./seccomp-filter";

// A classic BPF interpreter of the instructions the filter uses, run over a struct seccomp_data built by hand: the
// program's answers are checked here for every case; the kernel's, in tests/integration/sandbox-process.test.ts.
function runFilter(bytes: Buffer, data: { nr: number; arch: number; args?: number[] }): number {
  const input = Buffer.alloc(64);
  input.writeInt32LE(data.nr, 0);
  input.writeUInt32LE(data.arch, 4);
  (data.args ?? []).forEach((a, i) => input.writeBigUInt64LE(BigInt(a), 16 + 8 * i));
  let acc = 0;
  for (let pc = 0; pc * 8 < bytes.length; pc++) {
    const code = bytes.readUInt16LE(pc * 8);
    const jt = bytes.readUInt8(pc * 8 + 2);
    const jf = bytes.readUInt8(pc * 8 + 3);
    const k = bytes.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) acc = input.readUInt32LE(k);
    else if (code === 0x06) return k;
    else if (code === 0x15) pc += acc === k ? jt : jf;
    else if (code === 0x35) pc += acc >= k ? jt : jf;
    else if (code === 0x45) pc += (acc & k) !== 0 ? jt : jf;
    else throw new Error(`unexpected instruction ${code.toString(16)} at ${pc}`);
  }
  throw new Error("the program ran off its end");
}

describe.each<SyscallArch>(["x64", "arm64"])("the seccomp filter (%s)", (arch) => {
  const bytes = encodeSeccompProgram(buildSeccompProgram(arch));
  const call = (nr: number, args?: number[]) => runFilter(bytes, { nr, arch: AUDIT_ARCH[arch], args });
  const read = arch === "x64" ? 0 : 63;
  const clone = arch === "x64" ? 56 : 220;

  it("refuses every listed syscall with EPERM", () => {
    for (const [name, numbers] of Object.entries(BLOCKED_SYSCALLS))
      expect([name, call(numbers[arch])]).toEqual([name, SECCOMP_RET_ERRNO | EPERM]);
    expect(Object.keys(BLOCKED_SYSCALLS)).toEqual(
      expect.arrayContaining(["unshare", "mount", "keyctl", "bpf", "ptrace", "perf_event_open", "userfaultfd"]),
    );
  });

  it("allows ordinary calls, and clone for threads and processes", () => {
    expect(call(read)).toBe(SECCOMP_RET_ALLOW);
    // glibc's fork: CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD; pthread_create: VM|FS|FILES|SIGHAND|THREAD|...
    expect(call(clone, [0x01200011])).toBe(SECCOMP_RET_ALLOW);
    expect(call(clone, [0x003d0f00])).toBe(SECCOMP_RET_ALLOW);
  });

  it("refuses clone with a namespace flag, and clone3 with ENOSYS (its flags cannot be read)", () => {
    expect(call(clone, [0x10000000 | 17])).toBe(SECCOMP_RET_ERRNO | EPERM); // CLONE_NEWUSER
    expect(call(clone, [0x00020000 | 17])).toBe(SECCOMP_RET_ERRNO | EPERM); // CLONE_NEWNS
    expect(call(clone, [0x40000000])).toBe(SECCOMP_RET_ERRNO | EPERM); // CLONE_NEWNET
    expect(call(435)).toBe(SECCOMP_RET_ERRNO | ENOSYS);
  });

  it("kills a call made through another architecture's ABI", () => {
    const other = arch === "x64" ? 0x40000003 : 0x40000028; // i386, arm
    expect(runFilter(bytes, { nr: 310, arch: other })).toBe(SECCOMP_RET_KILL_PROCESS);
  });
});

describe("the seccomp filter on x86_64", () => {
  it("refuses x32 ABI calls (syscall numbers with bit 30 set), which would bypass the numbers", () => {
    const bytes = encodeSeccompProgram(buildSeccompProgram("x64"));
    expect(runFilter(bytes, { nr: 0x40000000 + 272, arch: AUDIT_ARCH.x64 })).toBe(SECCOMP_RET_ERRNO | EPERM);
  });

  it("encodes struct sock_filter: u16 code, u8 jt, u8 jf, u32 k, little-endian", () => {
    const bytes = encodeSeccompProgram([{ code: 0x15, jt: 1, jf: 2, k: 0xc000003e }]);
    expect(bytes.toString("hex")).toBe("150001023e0000c0");
  });
});
