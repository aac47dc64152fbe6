package dev.brisk.benchmarks.rpc.grpc;

import dev.brisk.benchmarks.rpc.Page;
import dev.brisk.benchmarks.rpc.User;
import dev.brisk.benchmarks.rpc.grpc.proto.UserPage;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Between the benchmark's model and its Protobuf messages, as a gRPC application maps its own objects: dates as days
 * since the epoch, times as milliseconds since the epoch (the local times read as UTC).
 */
final class ProtoMapping {

    private ProtoMapping() {
    }

    static dev.brisk.benchmarks.rpc.grpc.proto.User toProto(User user) {
        return dev.brisk.benchmarks.rpc.grpc.proto.User.newBuilder()
                .setId(user.getId())
                .setName(user.getName())
                .setSex(user.getSex())
                .setBirthdayEpochDay(user.getBirthday().toEpochDay())
                .setEmail(user.getEmail())
                .setMobile(user.getMobile())
                .setAddress(user.getAddress())
                .setIcon(user.getIcon())
                .addAllPermissions(user.getPermissions())
                .setStatus(user.getStatus())
                .setCreateTimeEpochMilli(epochMilli(user.getCreateTime()))
                .setUpdateTimeEpochMilli(epochMilli(user.getUpdateTime()))
                .build();
    }

    static User fromProto(dev.brisk.benchmarks.rpc.grpc.proto.User proto) {
        User user = new User();
        user.setId(proto.getId());
        user.setName(proto.getName());
        user.setSex(proto.getSex());
        user.setBirthday(LocalDate.ofEpochDay(proto.getBirthdayEpochDay()));
        user.setEmail(proto.getEmail());
        user.setMobile(proto.getMobile());
        user.setAddress(proto.getAddress());
        user.setIcon(proto.getIcon());
        user.setPermissions(new ArrayList<>(proto.getPermissionsList()));
        user.setStatus(proto.getStatus());
        user.setCreateTime(localDateTime(proto.getCreateTimeEpochMilli()));
        user.setUpdateTime(localDateTime(proto.getUpdateTimeEpochMilli()));
        return user;
    }

    static UserPage toProto(Page<User> page) {
        UserPage.Builder builder = UserPage.newBuilder().setPageNo(page.getPageNo()).setTotal(page.getTotal());
        for (User user : page.getResult()) {
            builder.addResult(toProto(user));
        }
        return builder.build();
    }

    static Page<User> fromProto(UserPage proto) {
        List<User> users = new ArrayList<>(proto.getResultCount());
        for (dev.brisk.benchmarks.rpc.grpc.proto.User user : proto.getResultList()) {
            users.add(fromProto(user));
        }
        Page<User> page = new Page<>();
        page.setPageNo(proto.getPageNo());
        page.setTotal(proto.getTotal());
        page.setResult(users);
        return page;
    }

    private static long epochMilli(LocalDateTime time) {
        return time.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private static LocalDateTime localDateTime(long epochMilli) {
        return LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMilli), ZoneOffset.UTC);
    }
}
