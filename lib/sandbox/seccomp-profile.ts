import { BLOCKED_SYSCALLS, CLONE_NAMESPACE_FLAGS, ENOSYS, EPERM } from "./seccomp-filter";

// The Docker sandbox's syscall policy: the process sandbox's (./seccomp-filter.ts, the same names) as a seccomp
// profile in the JSON format Docker and Podman read (runc compiles it with libseccomp). The engines' default profiles
// differ: Docker's refuses unshare and mount to a container without CAP_SYS_ADMIN, Podman's lets any process create a
// user namespace (`unshare -Ur`), and with it reach kernel code otherwise kept for root. This one refuses the same
// calls on both, whatever the engine's default.
//
// Everything else is allowed, as in the process sandbox: a refused call fails with EPERM (clone3 with ENOSYS, so the
// C library falls back to clone, whose flags the filter can read). The profile names no other architecture, so runc
// builds the filter for the native ABI only; libseccomp's filter refuses a call made through another ABI (32-bit
// int 0x80) rather than letting it past these rules.

type SyscallRule = {
  names: string[];
  action: "SCMP_ACT_ERRNO";
  errnoRet: number;
  args?: { index: number; value: number; valueTwo: number; op: "SCMP_CMP_MASKED_EQ" }[];
};

type SeccompProfile = { defaultAction: "SCMP_ACT_ALLOW"; syscalls: SyscallRule[] };

/** The bits of a flag mask, one by one. */
function bitsOf(mask: number): number[] {
  const bits: number[] = [];
  for (let bit = 1; bit !== 0 && bit <= mask; bit = (bit << 1) >>> 0) if ((mask & bit) >>> 0 === bit) bits.push(bit);
  return bits;
}

export function buildSeccompProfile(): SeccompProfile {
  return {
    defaultAction: "SCMP_ACT_ALLOW",
    syscalls: [
      { names: Object.keys(BLOCKED_SYSCALLS), action: "SCMP_ACT_ERRNO", errnoRet: EPERM },
      { names: ["clone3"], action: "SCMP_ACT_ERRNO", errnoRet: ENOSYS },
      // clone with any namespace flag: one rule per flag (a rule's conditions must all hold; rules are alternatives).
      ...bitsOf(CLONE_NAMESPACE_FLAGS).map((flag): SyscallRule => ({
        names: ["clone"],
        action: "SCMP_ACT_ERRNO",
        errnoRet: EPERM,
        args: [{ index: 0, value: flag, valueTwo: flag, op: "SCMP_CMP_MASKED_EQ" }],
      })),
    ],
  };
}

/** One line for the run record and docs/security.md. */
export function describeSeccompProfile(): string {
  const names = Object.keys(BLOCKED_SYSCALLS);
  return `seccomp profile of its own (native ABI only): refuses ${names.length + 1} syscalls (${names.join(", ")}, clone3) and clone with namespace flags`;
}
