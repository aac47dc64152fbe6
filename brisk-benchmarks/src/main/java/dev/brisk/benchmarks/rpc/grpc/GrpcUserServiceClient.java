package dev.brisk.benchmarks.rpc.grpc;

import dev.brisk.benchmarks.rpc.Page;
import dev.brisk.benchmarks.rpc.User;
import dev.brisk.benchmarks.rpc.UserService;
import dev.brisk.benchmarks.rpc.grpc.proto.ExistUserRequest;
import dev.brisk.benchmarks.rpc.grpc.proto.GetUserRequest;
import dev.brisk.benchmarks.rpc.grpc.proto.ListUserRequest;
import dev.brisk.benchmarks.rpc.grpc.proto.UserServiceGrpc;

/** The {@link UserService} over a gRPC blocking stub, which any number of threads may share. */
final class GrpcUserServiceClient implements UserService {

    private final UserServiceGrpc.UserServiceBlockingStub stub;

    GrpcUserServiceClient(UserServiceGrpc.UserServiceBlockingStub stub) {
        this.stub = stub;
    }

    @Override
    public boolean existUser(String email) {
        return stub.existUser(ExistUserRequest.newBuilder().setEmail(email).build()).getExist();
    }

    @Override
    public boolean createUser(User user) {
        return stub.createUser(ProtoMapping.toProto(user)).getSuccess();
    }

    @Override
    public User getUser(long id) {
        return ProtoMapping.fromProto(stub.getUser(GetUserRequest.newBuilder().setId(id).build()));
    }

    @Override
    public Page<User> listUser(int pageNo) {
        return ProtoMapping.fromProto(stub.listUser(ListUserRequest.newBuilder().setPageNo(pageNo).build()));
    }
}
