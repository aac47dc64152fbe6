package dev.brisk.benchmarks.rpc.grpc;

import dev.brisk.benchmarks.rpc.UserService;
import dev.brisk.benchmarks.rpc.grpc.proto.CreateUserResponse;
import dev.brisk.benchmarks.rpc.grpc.proto.ExistUserRequest;
import dev.brisk.benchmarks.rpc.grpc.proto.ExistUserResponse;
import dev.brisk.benchmarks.rpc.grpc.proto.GetUserRequest;
import dev.brisk.benchmarks.rpc.grpc.proto.ListUserRequest;
import dev.brisk.benchmarks.rpc.grpc.proto.User;
import dev.brisk.benchmarks.rpc.grpc.proto.UserPage;
import dev.brisk.benchmarks.rpc.grpc.proto.UserServiceGrpc;
import io.grpc.stub.StreamObserver;

/** The gRPC service: unpacks each request, calls the {@link UserService}, and packs its answer. */
final class GrpcUserServiceEndpoint extends UserServiceGrpc.UserServiceImplBase {

    private final UserService service;

    GrpcUserServiceEndpoint(UserService service) {
        this.service = service;
    }

    @Override
    public void existUser(ExistUserRequest request, StreamObserver<ExistUserResponse> response) {
        reply(response, ExistUserResponse.newBuilder().setExist(service.existUser(request.getEmail())).build());
    }

    @Override
    public void createUser(User request, StreamObserver<CreateUserResponse> response) {
        boolean created = service.createUser(ProtoMapping.fromProto(request));
        reply(response, CreateUserResponse.newBuilder().setSuccess(created).build());
    }

    @Override
    public void getUser(GetUserRequest request, StreamObserver<User> response) {
        reply(response, ProtoMapping.toProto(service.getUser(request.getId())));
    }

    @Override
    public void listUser(ListUserRequest request, StreamObserver<UserPage> response) {
        reply(response, ProtoMapping.toProto(service.listUser(request.getPageNo())));
    }

    private static <T> void reply(StreamObserver<T> response, T message) {
        response.onNext(message);
        response.onCompleted();
    }
}
