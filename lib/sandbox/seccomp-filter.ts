// The process sandbox's syscall policy: a classic BPF program for the kernel's seccomp filter, handed to bubblewrap
// through `--seccomp FD` (bubblewrap loads it, with no_new_privs, right before it starts the command). Built here,
// byte for byte, rather than with libseccomp: no native addon and no extra Debian package, and the program is short
// enough to read (and unit-tested against an interpreter of the same instructions in seccomp-filter.test.ts).
//
// Everything is allowed except what an audit command never needs and what reaches kernel code behind namespaces and
// privileges (the usual escalation routes): new namespaces (unshare, setns, clone with a CLONE_NEW* flag), mounts,
// the kernel keyring, eBPF, ptrace, perf events, userfaultfd, io_uring, module and kexec loading, clock and host
// settings. A refused call fails with EPERM (clone3 with ENOSYS: its flags sit behind a pointer the filter cannot
// read, and ENOSYS makes the C library fall back to clone, whose flags it can). A call made through another
// architecture's ABI (32-bit int 0x80, x32) would bypass the numbers below: the process is killed, or refused.

export type SyscallArch = "x64" | "arm64";

/** The syscalls refused, by name, with their numbers per architecture (the kernel's unistd_64.h / asm-generic). */
export const BLOCKED_SYSCALLS: Readonly<Record<string, { x64: number; arm64: number }>> = {
  // Namespaces: with them, untrusted code reaches kernel code otherwise kept for root.
  unshare: { x64: 272, arm64: 97 },
  setns: { x64: 308, arm64: 268 },
  // Mounts and the root directory.
  mount: { x64: 165, arm64: 40 },
  umount2: { x64: 166, arm64: 39 },
  pivot_root: { x64: 155, arm64: 41 },
  chroot: { x64: 161, arm64: 51 },
  open_tree: { x64: 428, arm64: 428 },
  move_mount: { x64: 429, arm64: 429 },
  fsopen: { x64: 430, arm64: 430 },
  fsconfig: { x64: 431, arm64: 431 },
  fsmount: { x64: 432, arm64: 432 },
  fspick: { x64: 433, arm64: 433 },
  mount_setattr: { x64: 442, arm64: 442 },
  // The kernel keyring.
  add_key: { x64: 248, arm64: 217 },
  request_key: { x64: 249, arm64: 218 },
  keyctl: { x64: 250, arm64: 219 },
  // Attack surface with a long record of privilege escalations.
  bpf: { x64: 321, arm64: 280 },
  perf_event_open: { x64: 298, arm64: 241 },
  userfaultfd: { x64: 323, arm64: 282 },
  io_uring_setup: { x64: 425, arm64: 425 },
  io_uring_enter: { x64: 426, arm64: 426 },
  io_uring_register: { x64: 427, arm64: 427 },
  // Other processes' memory and files.
  ptrace: { x64: 101, arm64: 117 },
  process_vm_readv: { x64: 310, arm64: 270 },
  process_vm_writev: { x64: 311, arm64: 271 },
  kcmp: { x64: 312, arm64: 272 },
  pidfd_getfd: { x64: 438, arm64: 438 },
  name_to_handle_at: { x64: 303, arm64: 264 },
  open_by_handle_at: { x64: 304, arm64: 265 },
  // Kernel code and the host's settings.
  init_module: { x64: 175, arm64: 105 },
  finit_module: { x64: 313, arm64: 273 },
  delete_module: { x64: 176, arm64: 106 },
  kexec_load: { x64: 246, arm64: 104 },
  kexec_file_load: { x64: 320, arm64: 294 },
  reboot: { x64: 169, arm64: 142 },
  swapon: { x64: 167, arm64: 224 },
  swapoff: { x64: 168, arm64: 225 },
  acct: { x64: 163, arm64: 89 },
  quotactl: { x64: 179, arm64: 60 },
  quotactl_fd: { x64: 443, arm64: 443 },
  syslog: { x64: 103, arm64: 116 },
  sethostname: { x64: 170, arm64: 161 },
  setdomainname: { x64: 171, arm64: 162 },
  settimeofday: { x64: 164, arm64: 170 },
  clock_settime: { x64: 227, arm64: 112 },
  clock_adjtime: { x64: 305, arm64: 266 },
  adjtimex: { x64: 159, arm64: 171 },
  lookup_dcookie: { x64: 212, arm64: 18 },
  vhangup: { x64: 153, arm64: 58 },
};

const CLONE = { x64: 56, arm64: 220 } as const;
const CLONE3 = { x64: 435, arm64: 435 } as const;

// <linux/sched.h>: the namespace flags clone() takes (CLONE_NEWTIME is clone3/unshare only: in clone() its bit is
// part of the exit signal).
export const CLONE_NAMESPACE_FLAGS =
  0x00020000 | // CLONE_NEWNS
  0x02000000 | // CLONE_NEWCGROUP
  0x04000000 | // CLONE_NEWUTS
  0x08000000 | // CLONE_NEWIPC
  0x10000000 | // CLONE_NEWUSER
  0x20000000 | // CLONE_NEWPID
  0x40000000; // CLONE_NEWNET

// <linux/audit.h>
export const AUDIT_ARCH = { x64: 0xc000003e, arm64: 0xc00000b7 } as const;
// x86_64's x32 ABI: syscall numbers with this bit set.
const X32_SYSCALL_BIT = 0x40000000;

// <linux/filter.h>, <linux/bpf_common.h>
const BPF_LD_W_ABS = 0x00 | 0x00 | 0x20;
const BPF_JMP_JEQ_K = 0x05 | 0x10 | 0x00;
const BPF_JMP_JGE_K = 0x05 | 0x30 | 0x00;
const BPF_JMP_JSET_K = 0x05 | 0x40 | 0x00;
const BPF_RET_K = 0x06 | 0x00;

// <linux/seccomp.h>
export const SECCOMP_RET_KILL_PROCESS = 0x80000000;
export const SECCOMP_RET_ERRNO = 0x00050000;
export const SECCOMP_RET_ALLOW = 0x7fff0000;
export const EPERM = 1;
export const ENOSYS = 38;

// struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6] (little-endian on both arches).
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARG0_LOW = 16;

export type BpfInstruction = { code: number; jt: number; jf: number; k: number };

const ins = (code: number, k: number, jt = 0, jf = 0): BpfInstruction => ({ code, jt, jf, k: k >>> 0 });
const ret = (value: number) => ins(BPF_RET_K, value);
const errno = (n: number) => ret(SECCOMP_RET_ERRNO | n);

/** The architecture of this process as the filter knows it, or null where the sandbox has no syscall table. */
export function currentSyscallArch(arch: string = process.arch): SyscallArch | null {
  return arch === "x64" || arch === "arm64" ? arch : null;
}

/**
 * The filter program. Every refused call is a `jeq nr` followed by its `ret`, so no jump is longer than one
 * instruction, and the order of the checks does not matter.
 */
export function buildSeccompProgram(arch: SyscallArch): BpfInstruction[] {
  const program: BpfInstruction[] = [
    ins(BPF_LD_W_ABS, OFFSET_ARCH),
    ins(BPF_JMP_JEQ_K, AUDIT_ARCH[arch], 1, 0),
    ret(SECCOMP_RET_KILL_PROCESS),
    ins(BPF_LD_W_ABS, OFFSET_NR),
  ];
  if (arch === "x64") program.push(ins(BPF_JMP_JGE_K, X32_SYSCALL_BIT, 0, 1), errno(EPERM));
  for (const numbers of Object.values(BLOCKED_SYSCALLS))
    program.push(ins(BPF_JMP_JEQ_K, numbers[arch], 0, 1), errno(EPERM));
  program.push(ins(BPF_JMP_JEQ_K, CLONE3[arch], 0, 1), errno(ENOSYS));
  program.push(
    // Not clone: allowed (the three instructions after this one are skipped).
    ins(BPF_JMP_JEQ_K, CLONE[arch], 0, 3),
    // clone's flags are its first argument on both architectures; the namespace flags are in the low 32 bits.
    ins(BPF_LD_W_ABS, OFFSET_ARG0_LOW),
    ins(BPF_JMP_JSET_K, CLONE_NAMESPACE_FLAGS, 0, 1),
    errno(EPERM),
    ret(SECCOMP_RET_ALLOW),
  );
  return program;
}

/** The program as the kernel reads it (an array of struct sock_filter, native byte order), for `bwrap --seccomp`. */
export function encodeSeccompProgram(program: readonly BpfInstruction[]): Buffer {
  const out = Buffer.alloc(program.length * 8);
  program.forEach((p, i) => {
    out.writeUInt16LE(p.code, i * 8);
    out.writeUInt8(p.jt, i * 8 + 2);
    out.writeUInt8(p.jf, i * 8 + 3);
    out.writeUInt32LE(p.k, i * 8 + 4);
  });
  return out;
}

/** One line for the run record and docs/security.md. */
export function describeSyscallPolicy(arch: SyscallArch | null): string {
  if (arch === null) return `no seccomp filter (no syscall table for ${process.arch})`;
  const names = Object.keys(BLOCKED_SYSCALLS);
  return `seccomp filter (${arch === "x64" ? "x86_64" : "aarch64"} only, other ABIs killed): refuses ${names.length + 1} syscalls (${names.join(", ")}, clone3) and clone with namespace flags`;
}
