/** The benchmark's accounts: `acc_bench` + the number, 22 characters after the prefix as every id. */
export const accountIdOf = (n: number) => `acc_bench${String(n).padStart(17, '0')}`;
