/** One request as the page saw it: start and end of its answer, in ms from the navigation start. */
export interface TimedRequest {
  url: string;
  start: number;
  end: number;
}

export interface Waterfall {
  /** Sequential request rounds among the requests answered before the name showed. */
  rounds: number;
  /** ms from the navigation start to the last of those answers (0 when there is none). */
  total: number;
  /** How many requests were answered before the name showed. */
  requests: number;
}

/**
 * The request waterfall in front of the member's name.
 *
 * The name can only have waited for requests answered before it showed (one still running, such
 * as a revalidation in the background, is not in front of it). A request can only have waited for
 * another if it started after that one's answer ended, so those requests (the navigation first)
 * are taken in start order and grouped into rounds: round 1 opens with the first request; a request joins the open round
 * unless it starts after the earliest answer of that round has ended (it may then depend on it),
 * in which case it opens the next round. The number of rounds is the depth of the waterfall: one
 * round per sequential wait (HTML, its scripts, the configuration they ask for, the chunks and
 * calls that follow, ...). The rule counts an unrelated request that merely starts late (a
 * favicon) as a round too, so it is an upper bound on the real dependency chain.
 *
 * The total is the end of the last of those answers: how long the waterfall ran before the name
 * appeared (the rest, up to the name, is the page's own work).
 */
export function waterfall(requests: readonly TimedRequest[], nameShownAt: number): Waterfall {
  const before = requests.filter((r) => r.end <= nameShownAt).sort((a, b) => a.start - b.start);
  let rounds = 0;
  let firstEnd = Number.POSITIVE_INFINITY;
  for (const r of before) {
    if (rounds === 0 || r.start > firstEnd) {
      rounds += 1;
      firstEnd = r.end;
    } else {
      firstEnd = Math.min(firstEnd, r.end);
    }
  }
  return { rounds, total: before.reduce((max, r) => Math.max(max, r.end), 0), requests: before.length };
}
