// Module resolve hook (node:module register): resolves every import with the react-server condition, as
// `node --conditions=react-server` does, for launchers that cannot pass the flag (bin/probebench.js).
export async function resolve(specifier, context, nextResolve) {
  const conditions = context.conditions.includes("react-server") ? context.conditions : [...context.conditions, "react-server"];
  return nextResolve(specifier, { ...context, conditions });
}
