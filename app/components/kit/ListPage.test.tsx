import { Table } from "@radix-ui/themes";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * ListPage renders its body rows as plain <tr>/<th>/<td> with the classes Radix
 * Themes' Table.Row, Table.RowHeaderCell and Table.Cell give (a component per cell
 * was most of a list's render). If an upgrade of the theme changes that markup,
 * this fails and ListPage must follow.
 */
describe("the theme's table row markup ListPage reproduces", () => {
  it("is a tr.rt-TableRow with th.rt-TableCell.rt-TableRowHeaderCell[scope=row] and td.rt-TableCell", () => {
    const html = renderToStaticMarkup(
      <Table.Root>
        <Table.Body>
          <Table.Row>
            <Table.RowHeaderCell>a</Table.RowHeaderCell>
            <Table.Cell className="list-secondary" style={{ textAlign: "right" }}>
              b
            </Table.Cell>
            <Table.Cell>c</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>,
    );
    expect(html).toContain(
      '<tr class="rt-TableRow"><th class="rt-TableCell rt-TableRowHeaderCell" scope="row">a</th><td class="rt-TableCell list-secondary" style="text-align:right">b</td><td class="rt-TableCell">c</td></tr>',
    );
  });
});
