// What the blocks of docs/observability.md assume.
abstract class DocContext {
    interface Database {
        boolean isValid();
    }

    Database dataSource;
}
