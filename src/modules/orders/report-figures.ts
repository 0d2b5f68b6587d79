import { createNamedRegistry } from '../../platform/registry';

/**
 * A report figure: one amount another module adds below the owner's reports (what she owes on
 * gift cards sold), as a summary line of the monthly tax report and of the orders CSV. Orders
 * knows only its label and how to ask for it; `cents` answers the amount at `asOf` (a past
 * month's report asks at that month's end), or null when there is nothing to report (no line).
 * Added by name with `orders.addReportFigure` in src/modules.ts (orders cannot import the modules
 * that depend on it).
 */
export type ReportFigure = {
  label: string;
  cents(asOf: Date): Promise<number | null>;
};

/** A figure as read for one report: its label and amount. */
export type ReportFigureValue = { label: string; cents: number };

export function createReportFigures() {
  const registry = createNamedRegistry<ReportFigure>('Report figure');
  return {
    add: (name: string, figure: ReportFigure) => registry.add(name, figure),
    /** Every figure that has something to report at `asOf`, in the order added. */
    async read(asOf: Date): Promise<ReportFigureValue[]> {
      const figures = registry.entries().map((e) => e.plugIn);
      const amounts = await Promise.all(figures.map((f) => f.cents(asOf)));
      return figures.flatMap((f, i) => {
        const cents = amounts[i];
        return cents === null || cents === undefined ? [] : [{ label: f.label, cents }];
      });
    },
  };
}
export type ReportFigures = ReturnType<typeof createReportFigures>;

/**
 * The figures as the last rows of a CSV of `width` columns: an empty row, then per figure its
 * label, its amount (a number a spreadsheet sums) and when it was taken ("as of 2026-12-08"),
 * the other cells empty so every row has the header's columns.
 */
export function figureRows(
  figures: ReportFigureValue[],
  width: number,
  when: string,
  dollars: (cents: number) => string,
): string[][] {
  if (!figures.length) return [];
  const row = (cells: string[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill('')];
  return [row([]), ...figures.map((f) => row([f.label, dollars(f.cents), when]))];
}
