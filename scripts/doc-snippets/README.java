// dependency: dev.brisk:brisk-client
// What the blocks of README.md assume: the application's own types and variables.
abstract class DocContext {
    record User(String id) {}

    User newUser;
    Repository repository;

    interface Repository {
        CompletionStage<User> findAsync(long id);
    }

    interface UserService {
        User getUser(long id);
    }

    static class UserServiceImpl implements UserService {
        public User getUser(long id) {
            return new User(String.valueOf(id));
        }
    }

    static class UserController {}

    static class BookResource {}

    static class PetController {}

    static class ChatEndpoint implements WebSocketEndpoint {}
}
