import { z } from "zod";
import { passwordSchema } from "../../contracts/account";
import { roleSchema } from "../../contracts/common";

// An account an operator creates (`probebench user create`, the demo and test fixtures): no HTTP route takes it, so
// it is not in the API contract; the password follows the sign-up form's rule.
export const createUserInputSchema = z.object({
  email: z.email({ message: "must be an email address" }).transform((e) => e.toLowerCase()),
  role: roleSchema.default("user"),
  name: z.string().max(200).optional(),
  password: passwordSchema.optional(),
});
