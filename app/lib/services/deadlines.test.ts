import { describe, expect, it } from "vitest";
import { deadlineMark, dueAlert, worstMark } from "~/lib/services/deadlines";

const SP = "America/Sao_Paulo";
/** 12:00 in São Paulo on a day. */
const noon = (day: string) => new Date(`${day}T15:00:00.000Z`);

describe("deadline marks", () => {
  it("marks a release day within 7 days as close, after its day as passed", () => {
    expect(deadlineMark({ day: "2027-03-17" }, noon("2027-03-09"), SP)).toBeNull();
    expect(deadlineMark({ day: "2027-03-17" }, noon("2027-03-10"), SP)).toBe("close");
    // The release day itself is still close; the day after, passed.
    expect(deadlineMark({ day: "2027-03-17" }, new Date("2027-03-18T02:59:00.000Z"), SP)).toBe("close");
    expect(deadlineMark({ day: "2027-03-17" }, new Date("2027-03-18T03:00:00.000Z"), SP)).toBe("passed");
    expect(deadlineMark(null, noon("2027-03-10"), SP)).toBeNull();
  });

  it("marks an instant by the agency's days, passed once it is past", () => {
    const deadline = { instant: "2027-03-17T20:00:00.000Z" };
    expect(deadlineMark(deadline, noon("2027-03-10"), SP)).toBe("close");
    expect(deadlineMark(deadline, new Date("2027-03-17T19:59:00.000Z"), SP)).toBe("close");
    expect(deadlineMark(deadline, new Date("2027-03-17T20:00:00.000Z"), SP)).toBe("passed");
    expect(worstMark(["close", null, "passed"])).toBe("passed");
    expect(worstMark([null, "close"])).toBe("close");
    expect(worstMark([null, null])).toBeNull();
  });
});

describe("alert windows", () => {
  const release = { day: "2027-04-20" };
  it("is due 7 days before, then 2 days before, never after the deadline", () => {
    expect(dueAlert(release, noon("2027-04-12"), SP)).toBeNull();
    expect(dueAlert(release, new Date("2027-04-13T03:00:00.000Z"), SP)).toBe(7);
    expect(dueAlert(release, new Date("2027-04-13T02:59:00.000Z"), SP)).toBeNull();
    expect(dueAlert(release, noon("2027-04-17"), SP)).toBe(7);
    expect(dueAlert(release, noon("2027-04-18"), SP)).toBe(2);
    expect(dueAlert(release, noon("2027-04-20"), SP)).toBe(2);
    expect(dueAlert(release, noon("2027-04-21"), SP)).toBeNull();
  });

  it("counts days in the agency's zone", () => {
    const deadline = { instant: "2027-09-11T14:30:00.000Z" }; // 23:30 on the 11th in Tokyo, 11:30 in São Paulo
    expect(dueAlert(deadline, new Date("2027-09-08T14:59:00.000Z"), "Asia/Tokyo")).toBe(7);
    expect(dueAlert(deadline, new Date("2027-09-08T15:00:00.000Z"), "Asia/Tokyo")).toBe(2);
    expect(dueAlert(deadline, new Date("2027-09-08T15:00:00.000Z"), SP)).toBe(7);
    expect(dueAlert(deadline, new Date("2027-09-09T03:00:00.000Z"), SP)).toBe(2);
  });
});
