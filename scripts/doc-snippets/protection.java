// What the blocks of docs/protection.md assume.
abstract class DocContext {
    interface Reports {
        String build();
    }

    Reports reports;
}
