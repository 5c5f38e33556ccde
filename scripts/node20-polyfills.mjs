// Vitest 5 calls Map.groupBy / Object.groupBy (Node 21+) when it reports failures; Node 20 lacks
// them. Loaded with --import by the test scripts; a no-op on newer Node.
function groupInto(items, keyOf, add) {
  let index = 0;
  for (const item of items) add(keyOf(item, index++), item);
}
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, keyOf) => {
    const out = new Map();
    groupInto(items, keyOf, (key, item) => {
      const list = out.get(key);
      if (list) list.push(item);
      else out.set(key, [item]);
    });
    return out;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, keyOf) => {
    const out = Object.create(null);
    groupInto(items, keyOf, (key, item) => {
      if (out[key]) out[key].push(item);
      else out[key] = [item];
    });
    return out;
  };
}
