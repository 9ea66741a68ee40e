// Helpers of the browser tests for a page's board.

/** The centre, in page pixels, of square `name` (`e4`, `h10`) of the page's board of `files` x
 * `ranks` squares, as it is turned. */
export async function boardSquare(page, name, files, ranks) {
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  const box = await page.locator('.board-col cg-board').boundingBox();
  const black = await page.locator('.board-col .mh-board').evaluate(e => e.classList.contains('orientation-black'));
  const fx = black ? files - 1 - file : file;
  const ry = black ? rank : ranks - 1 - rank;
  return { x: box.x + (fx + 0.5) * box.width / files, y: box.y + (ry + 0.5) * box.height / ranks };
}

/** The centre, in page pixels, of the cafeteria map's square `s` (`{x, y}`). */
export async function mapSquare(page, s) {
  return page.locator('.cafeteria .map svg').evaluate((svg, [col, row]) => {
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    return { x: box.left + ((col + 0.5) * 100 / view.width) * box.width, y: box.top + ((row + 0.5) * 100 / view.height) * box.height };
  }, [s.x, s.y]);
}
