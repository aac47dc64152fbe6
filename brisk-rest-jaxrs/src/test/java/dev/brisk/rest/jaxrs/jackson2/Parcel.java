package dev.brisk.rest.jaxrs.jackson2;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.io.IOException;
import java.util.Date;
import java.util.Locale;

/**
 * A bean written for Jackson 2, as beans of Jersey applications are: its tracking code is written by a Jackson 2
 * serializer named with Jackson 2's {@code @JsonSerialize} (which Jackson 3 does not read).
 */
public class Parcel {

    @JsonSerialize(using = UpperCase.class)
    private String trackingCode;
    private int weightGrams;
    private Date shippedAt;

    public Parcel() {
    }

    public Parcel(String trackingCode, int weightGrams, Date shippedAt) {
        this.trackingCode = trackingCode;
        this.weightGrams = weightGrams;
        this.shippedAt = shippedAt;
    }

    public String getTrackingCode() {
        return trackingCode;
    }

    public void setTrackingCode(String trackingCode) {
        this.trackingCode = trackingCode;
    }

    public int getWeightGrams() {
        return weightGrams;
    }

    public void setWeightGrams(int weightGrams) {
        this.weightGrams = weightGrams;
    }

    public Date getShippedAt() {
        return shippedAt;
    }

    public void setShippedAt(Date shippedAt) {
        this.shippedAt = shippedAt;
    }

    /** Writes a string in upper case. */
    public static class UpperCase extends JsonSerializer<String> {
        @Override
        public void serialize(String value, JsonGenerator generator, SerializerProvider serializers)
                throws IOException {
            generator.writeString(value.toUpperCase(Locale.ROOT));
        }
    }
}
