// What the blocks of docs/web.md assume.
abstract class DocContext {
    Object bigJson;
}
