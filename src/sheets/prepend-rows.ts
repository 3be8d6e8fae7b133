/** The rows read ahead, then the rest of the iterator. */
export async function* prependRows<Row>(first: readonly Row[], rest: AsyncIterator<Row>): AsyncGenerator<Row> {
  yield* first;
  for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value;
}
