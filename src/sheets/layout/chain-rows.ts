/** The rows read already (looking for the header), then the rest of the sheet. */
export async function* chainRows<Row>(first: readonly Row[], rest: AsyncIterable<Row>): AsyncGenerator<Row> {
  yield* first;
  yield* rest;
}
