/// What a table subscription yields: the subscription's own events, then each change committed
/// to the rows it covers, in commit order.
///
/// `Old` is what the server sends of a row before an update or a delete: with the table's
/// replica identity `DEFAULT` (PostgreSQL's default), only the primary key; with `FULL`, the
/// whole row.
public enum TableChange<Row: Sendable, Old: Sendable>: Sendable {
    /// The subscription is live: changes from now on arrive. Fetch the rows it covers now, so
    /// that nothing committed before it is missed.
    case subscribed
    /// The connection was lost and is back; changes committed meanwhile were not sent. Fetch
    /// the rows the subscription covers again.
    case reconnected
    /// A row was inserted.
    case insert(Row)
    /// A row was updated: what the server sent of it before, and the row now.
    case update(old: Old, new: Row)
    /// A row was deleted: what the server sent of it.
    case delete(old: Old)
}

extension TableChange: Equatable where Row: Equatable, Old: Equatable {}
extension TableChange: Hashable where Row: Hashable, Old: Hashable {}
