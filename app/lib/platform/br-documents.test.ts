import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCep,
  formatCnpj,
  formatCpf,
  formatDocument,
  formatPhone,
  generateCnpj,
  generateCpf,
  isValidBrPhone,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  mulberry32,
  normalizeCep,
  normalizeCnpj,
  normalizeCpf,
  normalizePhone,
  onlyDigits,
  parseDocument,
  phoneToE164,
  randomDigits,
  seedFromString,
} from "~/lib/platform/br-documents";

const RUNS = { numRuns: 1000 };
const seed = fc.integer({ min: 0, max: 0xffffffff });
const branch = fc.integer({ min: 1, max: 9999 });

/** Every string differing from `digits` in exactly one position. */
function singleDigitMutations(digits: string): { position: number; mutated: string }[] {
  const out: { position: number; mutated: string }[] = [];
  for (let position = 0; position < digits.length; position++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== digits[position]) out.push({ position, mutated: digits.slice(0, position) + d + digits.slice(position + 1) });
    }
  }
  return out;
}

describe("CPF", () => {
  it("accepts known valid numbers, masked or not", () => {
    for (const cpf of ["529.982.247-25", "52998224725", "111.444.777-35", "11144477735", " 529 982 247 25 ", "529982247-25"]) {
      expect(isValidCpf(cpf), cpf).toBe(true);
    }
  });

  it("refuses wrong check digits, wrong lengths, letters and empty input", () => {
    for (const cpf of ["529.982.247-24", "529.982.247-15", "52998224726", "5299822472", "529982247250", "529.982.247-2x", "a52998224725", "", "   "]) {
      expect(isValidCpf(cpf), cpf).toBe(false);
    }
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });

  it("refuses every repeated-digit sequence, although the arithmetic accepts them", () => {
    for (let d = 0; d <= 9; d++) {
      const same = String(d).repeat(11);
      expect(same.slice(9)).toBe(cpfCheckDigits(same.slice(0, 9)));
      expect(isValidCpf(same)).toBe(false);
      expect(isValidCpf(formatCpf(same))).toBe(false);
    }
  });

  it("computes check digits from the nine-digit base", () => {
    expect(cpfCheckDigits("529982247")).toBe("25");
    expect(cpfCheckDigits("111444777")).toBe("35");
    expect(() => cpfCheckDigits("12345678")).toThrow(RangeError);
  });

  it("masks 11 digits and leaves anything else as it is", () => {
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(formatCpf("529.982.247-25")).toBe("529.982.247-25");
    expect(formatCpf("5299822")).toBe("5299822");
    expect(formatCpf(null)).toBe("");
    expect(normalizeCpf("529.982.247-25")).toBe("52998224725");
  });
});

describe("CNPJ", () => {
  it("accepts known valid numbers, masked or not", () => {
    for (const cnpj of ["11.222.333/0001-81", "11222333000181", "45.723.174/0001-10", "11.222.333/000181"]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
  });

  it("refuses wrong check digits, wrong lengths, letters and repeated digits", () => {
    for (const cnpj of ["11.222.333/0001-82", "11222333000191", "1122233300018", "112223330001811", "11.222.333/0001-8A", "", "00000000000000", "11111111111111", "99.999.999/9999-99"]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
    }
    expect(isValidCnpj(null)).toBe(false);
  });

  it("computes check digits from the twelve-digit base", () => {
    expect(cnpjCheckDigits("112223330001")).toBe("81");
    expect(() => cnpjCheckDigits("11222333000")).toThrow(RangeError);
  });

  it("masks 14 digits and leaves anything else as it is", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("112223330001")).toBe("112223330001");
    expect(normalizeCnpj("11.222.333/0001-81")).toBe("11222333000181");
  });
});

describe("parseDocument and formatDocument", () => {
  it("tell a CPF from a CNPJ and return the digits", () => {
    expect(parseDocument("529.982.247-25")).toEqual({ kind: "cpf", digits: "52998224725" });
    expect(parseDocument("11.222.333/0001-81")).toEqual({ kind: "cnpj", digits: "11222333000181" });
    expect(parseDocument("529.982.247-26")).toBeNull();
    expect(parseDocument("")).toBeNull();
  });

  it("mask by length", () => {
    expect(formatDocument("52998224725")).toBe("529.982.247-25");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatDocument("AB123456")).toBe("AB123456");
  });
});

describe("CEP", () => {
  it("validates, masks and normalises", () => {
    expect(isValidCep("01310-100")).toBe(true);
    expect(isValidCep("01310100")).toBe(true);
    expect(isValidCep("00000-000")).toBe(false);
    expect(isValidCep("1310-100")).toBe(false);
    expect(isValidCep("01310-10a")).toBe(false);
    expect(formatCep("01310100")).toBe("01310-100");
    expect(formatCep("0131")).toBe("0131");
    expect(normalizeCep("01310-100")).toBe("01310100");
  });
});

describe("phones", () => {
  it("normalise Brazilian numbers to national digits, however written", () => {
    for (const written of ["(11) 91234-5678", "11 91234 5678", "+55 11 91234-5678", "+55 (11) 91234-5678", "5511912345678", "011 91234-5678", "0055 11 91234-5678", "11912345678"]) {
      expect(normalizePhone(written), written).toBe("11912345678");
    }
    expect(normalizePhone("+55 11 3000-1000")).toBe("1130001000");
    expect(normalizePhone("(71) 3000-2000")).toBe("7130002000");
    // 55 is also an area code (Santa Maria, RS): as a ten-digit number it stays.
    expect(normalizePhone("(55) 3222-1000")).toBe("5532221000");
  });

  it("keep the country code of foreign numbers", () => {
    expect(normalizePhone("+54 11 4321-0000")).toBe("+541143210000");
    expect(normalizePhone("+351 21 000 0000")).toBe("+351210000000");
    expect(formatPhone("+54 11 4321-0000")).toBe("+54 11 4321-0000");
    expect(phoneToE164("+54 11 4321-0000")).toBe("+541143210000");
  });

  it("format mobiles and landlines", () => {
    expect(formatPhone("11912345678")).toBe("(11) 91234-5678");
    expect(formatPhone("+55 11 91234-5678")).toBe("(11) 91234-5678");
    expect(formatPhone("1130001000")).toBe("(11) 3000-1000");
    expect(formatPhone("+551130001000")).toBe("(11) 3000-1000");
    expect(formatPhone("12345")).toBe("12345");
    expect(formatPhone(undefined)).toBe("");
  });

  it("validate area code and the first digit of the number", () => {
    expect(isValidBrPhone("(11) 91234-5678")).toBe(true);
    expect(isValidBrPhone("+55 71 3000-2000")).toBe(true);
    expect(isValidBrPhone("(11) 81234-5678")).toBe(false); // mobile without the 9
    expect(isValidBrPhone("(20) 91234-5678")).toBe(false); // no area code 20
    expect(isValidBrPhone("(11) 9000-1000")).toBe(false); // ten digits starting 9
    expect(isValidBrPhone("1234")).toBe(false);
    expect(isValidBrPhone("+54 11 4321-0000")).toBe(false);
  });

  it("give the E.164 form for links", () => {
    expect(phoneToE164("(11) 91234-5678")).toBe("+5511912345678");
    expect(phoneToE164("1234")).toBeNull();
  });
});

describe("seeded generators", () => {
  it("are deterministic per seed", () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const first = [generateCpf(a), generateCnpj(a), randomDigits(a, 5)];
    expect([generateCpf(b), generateCnpj(b), randomDigits(b, 5)]).toEqual(first);
    expect(generateCpf(mulberry32(8))).not.toBe(first[0]);
    expect(seedFromString("LATAM")).toBe(seedFromString("LATAM"));
    expect(seedFromString("LATAM")).not.toBe(seedFromString("GOL"));
  });

  it("produce numbers in [0, 1)", () => {
    const rng = mulberry32(123);
    for (let i = 0; i < 10_000; i++) {
      const x = rng();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it("give head-office CNPJs unless told the branch", () => {
    expect(generateCnpj(mulberry32(1)).slice(8, 12)).toBe("0001");
    expect(generateCnpj(mulberry32(1), { branch: 23 }).slice(8, 12)).toBe("0023");
    expect(() => generateCnpj(mulberry32(1), { branch: 0 })).toThrow(RangeError);
  });
});

describe("properties (fast-check)", () => {
  it("every generated CPF validates, masked and unmasked, and is never a repeated digit", () => {
    fc.assert(
      fc.property(seed, (s) => {
        const cpf = generateCpf(mulberry32(s));
        return /^[0-9]{11}$/.test(cpf) && isValidCpf(cpf) && isValidCpf(formatCpf(cpf)) && !/^(\d)\1+$/.test(cpf);
      }),
      RUNS,
    );
  });

  it("every generated CNPJ validates, masked and unmasked, for any branch", () => {
    fc.assert(
      fc.property(seed, branch, (s, b) => {
        const cnpj = generateCnpj(mulberry32(s), { branch: b });
        return /^[0-9]{14}$/.test(cnpj) && isValidCnpj(cnpj) && isValidCnpj(formatCnpj(cnpj));
      }),
      RUNS,
    );
  });

  it("a valid CPF or CNPJ is not the other kind", () => {
    fc.assert(
      fc.property(seed, (s) => {
        const rng = mulberry32(s);
        return !isValidCnpj(generateCpf(rng)) && !isValidCpf(generateCnpj(rng));
      }),
      RUNS,
    );
  });

  /*
   * "Every single-digit change is caught" is not quite true of the official
   * modulo-11 scheme: remainders 0 and 1 both give the check digit 0, so a
   * change that moves the remainder between 0 and 1 keeps the digit. For the
   * CPF's first digit it is worse: its weight in the second sum is 11 ≡ 0, so
   * only the first check digit guards it. Exactly characterised:
   *  - a change of a check digit is always caught;
   *  - a CPF whose first check digit is not 0, and a CNPJ whose check digits
   *    are not "00", catch every single-digit change;
   *  - otherwise a change may slip through: of the first CPF digit when the
   *    first check digit is 0, of any base digit when both are 0.
   * The properties below assert exactly that, and the example shows a real pair.
   */
  it("every single-digit change of a CPF fails, except the modulo-11 blind spots", () => {
    fc.assert(
      fc.property(seed, (s) => {
        const cpf = generateCpf(mulberry32(s));
        for (const { position, mutated } of singleDigitMutations(cpf)) {
          if (!isValidCpf(mutated)) continue;
          const blindSpot = position < 9 && cpf[9] === "0" && (position === 0 || cpf[10] === "0");
          if (!blindSpot) return false;
        }
        return true;
      }),
      RUNS,
    );
  });

  it("every single-digit change of a CNPJ fails, except the modulo-11 blind spot", () => {
    fc.assert(
      fc.property(seed, branch, (s, b) => {
        const cnpj = generateCnpj(mulberry32(s), { branch: b });
        for (const { position, mutated } of singleDigitMutations(cnpj)) {
          if (isValidCnpj(mutated) && !(position < 12 && cnpj.endsWith("00"))) return false;
        }
        return true;
      }),
      RUNS,
    );
  });

  it("every single-digit change fails whenever the first CPF check digit is not 0", () => {
    const base = fc.stringMatching(/^[0-9]{9}$/).filter((b) => cpfCheckDigits(b)[0] !== "0");
    fc.assert(
      fc.property(base, (b) => {
        const cpf = b + cpfCheckDigits(b);
        return singleDigitMutations(cpf).every(({ mutated }) => !isValidCpf(mutated));
      }),
      RUNS,
    );
  });

  it("shows the blind spot on a real pair", () => {
    // Both valid; they differ only in the first digit (first check digit 0).
    expect(isValidCpf("648.615.268-09")).toBe(true);
    expect(isValidCpf("548.615.268-09")).toBe(true);
  });

  it("format ∘ normalise round-trips CPFs and CNPJs", () => {
    fc.assert(
      fc.property(seed, branch, (s, b) => {
        const rng = mulberry32(s);
        const cpf = generateCpf(rng);
        const cnpj = generateCnpj(rng, { branch: b });
        return (
          normalizeCpf(formatCpf(cpf)) === cpf &&
          formatCpf(normalizeCpf(formatCpf(cpf))) === formatCpf(cpf) &&
          /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(formatCpf(cpf)) &&
          normalizeCnpj(formatCnpj(cnpj)) === cnpj &&
          formatCnpj(normalizeCnpj(formatCnpj(cnpj))) === formatCnpj(cnpj) &&
          /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/.test(formatCnpj(cnpj)) &&
          formatDocument(cpf) === formatCpf(cpf) &&
          formatDocument(cnpj) === formatCnpj(cnpj)
        );
      }),
      RUNS,
    );
  });

  it("format ∘ normalise round-trips CEPs", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8}$/), (cep) => {
        const masked = formatCep(cep);
        return /^\d{5}-\d{3}$/.test(masked) && normalizeCep(masked) === cep && formatCep(normalizeCep(masked)) === masked;
      }),
      RUNS,
    );
  });

  it("format ∘ normalise round-trips Brazilian phones, with or without +55", () => {
    const areaCode = fc.constantFrom(..."11 21 31 41 51 55 61 71 81 91 99".split(" "));
    const mobile = fc.tuple(areaCode, fc.stringMatching(/^9[0-9]{8}$/)).map(([a, n]) => a + n);
    const landline = fc.tuple(areaCode, fc.stringMatching(/^[2-5][0-9]{7}$/)).map(([a, n]) => a + n);
    fc.assert(
      fc.property(fc.oneof(mobile, landline), (national) => {
        const masked = formatPhone(national);
        const shape = national.length === 11 ? /^\(\d{2}\) \d{5}-\d{4}$/ : /^\(\d{2}\) \d{4}-\d{4}$/;
        return (
          shape.test(masked) &&
          normalizePhone(masked) === national &&
          formatPhone(normalizePhone(masked)) === masked &&
          normalizePhone(`+55 ${masked}`) === national &&
          normalizePhone(`55${national}`) === national &&
          formatPhone(`+55${national}`) === masked &&
          isValidBrPhone(masked) &&
          phoneToE164(masked) === `+55${national}`
        );
      }),
      RUNS,
    );
  });

  it("onlyDigits keeps exactly the ASCII digits", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const d = onlyDigits(s);
        return /^[0-9]*$/.test(d) && d.length === [...s].filter((c) => c >= "0" && c <= "9").length;
      }),
      RUNS,
    );
  });
});
