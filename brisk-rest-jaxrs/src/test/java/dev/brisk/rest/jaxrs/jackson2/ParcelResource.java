package dev.brisk.rest.jaxrs.jackson2;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.Date;
import java.util.List;
import java.util.Map;

/** Parcels in and out as JSON, and a type the application's resolver leaves to the default mapper. */
@Path("parcels")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ParcelResource {

    /** A value the resolver gives no mapper for. */
    public static class Receipt {
        public String parcel;
        public Date signedAt;

        public Receipt() {
        }

        Receipt(String parcel, Date signedAt) {
            this.parcel = parcel;
            this.signedAt = signedAt;
        }
    }

    @GET
    public Parcel one() {
        return new Parcel("ab-12", 800, new Date(0));
    }

    @POST
    public Map<String, Object> receive(Parcel parcel) {
        return Map.of("received", parcel.getTrackingCode(), "grams", parcel.getWeightGrams());
    }

    @POST
    @Path("batch")
    public int batch(List<Parcel> parcels) {
        return parcels.size();
    }

    @GET
    @Path("receipt")
    public Receipt receipt() {
        return new Receipt("ab-12", new Date(0));
    }

    @POST
    @Path("receipt")
    public String sign(Receipt receipt) {
        return receipt.parcel;
    }
}
